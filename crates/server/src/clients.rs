//! What each client address holds and may still do: its connections, its WebSockets and its
//! allowance of new games; and the allowance of all clients together.
//!
//! An IPv6 client counts by its /64 network (one subscriber usually has a whole /64, so
//! counting single addresses would give one client 2^64 allowances); an IPv4-mapped IPv6
//! address counts as the IPv4 address. Behind a reverse proxy every client has the proxy's
//! address: the per-address limits then count the proxy, and want raising.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::limits::Limits;

/// A client as the limits count it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct ClientKey(IpAddr);

impl ClientKey {
    /// The key of a peer address: IPv4 as it is, IPv6 by its /64 network.
    pub(crate) fn of(ip: IpAddr) -> ClientKey {
        match ip {
            IpAddr::V4(v4) => ClientKey(IpAddr::V4(v4)),
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => ClientKey(IpAddr::V4(v4)),
                None => {
                    let bits = u128::from(v6) & !((1u128 << 64) - 1);
                    ClientKey(IpAddr::V6(bits.into()))
                }
            },
        }
    }

    /// The key as the store keeps it (the bound on open games per address counts by it): a
    /// digest, so that the file holds no client's address.
    pub(crate) fn stored(&self) -> String {
        crate::secrets::digest(&self.0.to_string())
    }
}

/// An allowance that refills: `capacity` at most, refilled evenly over `refill`.
#[derive(Clone, Debug)]
pub(crate) struct Bucket {
    tokens: f64,
    capacity: f64,
    per_second: f64,
    at: Instant,
}

impl Bucket {
    /// A full allowance of `capacity`, refilled entirely in `refill`.
    pub(crate) fn new(capacity: u32, refill: Duration, now: Instant) -> Bucket {
        let capacity = f64::from(capacity.max(1));
        Bucket {
            tokens: capacity,
            capacity,
            per_second: capacity / refill.as_secs_f64().max(0.001),
            at: now,
        }
    }

    fn refill(&mut self, now: Instant) {
        let seconds = now.saturating_duration_since(self.at).as_secs_f64();
        self.tokens = (self.tokens + seconds * self.per_second).min(self.capacity);
        self.at = now;
    }

    /// Takes one: `Err` with the time until one is there again when none is left.
    pub(crate) fn take(&mut self, now: Instant) -> Result<(), Duration> {
        self.refill(now);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            Ok(())
        } else {
            Err(Duration::from_secs_f64(
                (1.0 - self.tokens) / self.per_second,
            ))
        }
    }

    /// Gives one back (a game that was not made after all).
    fn give_back(&mut self) {
        self.tokens = (self.tokens + 1.0).min(self.capacity);
    }

    fn full(&mut self, now: Instant) -> bool {
        self.refill(now);
        self.tokens >= self.capacity
    }
}

struct Entry {
    connections: usize,
    sockets: usize,
    games: Bucket,
}

struct Inner {
    entries: HashMap<ClientKey, Entry>,
    connections: usize,
    games: Bucket,
}

/// Why a client may not have one more of something.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Full {
    /// The limit of all clients together.
    InAll,
    /// The limit of this client's address.
    Address,
}

/// Every client's counts, behind one lock held for a few map operations.
pub(crate) struct Clients {
    limits: Limits,
    inner: Mutex<Inner>,
}

/// A connection counted against its client; uncounted when dropped.
pub(crate) struct ConnectionPermit {
    clients: Arc<Clients>,
    key: ClientKey,
}

/// A WebSocket counted against its client; uncounted when dropped.
pub(crate) struct SocketPermit {
    clients: Arc<Clients>,
    key: ClientKey,
}

impl Clients {
    /// No clients yet.
    pub(crate) fn new(limits: Limits) -> Arc<Clients> {
        let games = Bucket::new(limits.games_in_all, limits.games_refill, Instant::now());
        Arc::new(Clients {
            limits,
            inner: Mutex::new(Inner {
                entries: HashMap::new(),
                connections: 0,
                games,
            }),
        })
    }

    fn inner(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn entry<'a>(&self, inner: &'a mut Inner, key: ClientKey) -> &'a mut Entry {
        inner.entries.entry(key).or_insert_with(|| Entry {
            connections: 0,
            sockets: 0,
            games: Bucket::new(
                self.limits.games_per_address,
                self.limits.games_refill,
                Instant::now(),
            ),
        })
    }

    /// Forgets a client that holds nothing and has its whole allowance.
    fn tidy(inner: &mut Inner, key: ClientKey) {
        let now = Instant::now();
        if let Some(entry) = inner.entries.get_mut(&key) {
            if entry.connections == 0 && entry.sockets == 0 && entry.games.full(now) {
                inner.entries.remove(&key);
            }
        }
    }

    /// Counts a new connection from `key`, or says which limit it would pass.
    pub(crate) fn connect(self: &Arc<Self>, key: ClientKey) -> Result<ConnectionPermit, Full> {
        let mut inner = self.inner();
        if inner.connections >= self.limits.max_connections {
            return Err(Full::InAll);
        }
        let max = self.limits.max_connections_per_address;
        let entry = self.entry(&mut inner, key);
        if entry.connections >= max {
            return Err(Full::Address);
        }
        entry.connections += 1;
        inner.connections += 1;
        Ok(ConnectionPermit {
            clients: Arc::clone(self),
            key,
        })
    }

    /// Counts a new WebSocket from `key`, unless it has its most already.
    pub(crate) fn open_socket(self: &Arc<Self>, key: ClientKey) -> Option<SocketPermit> {
        let mut inner = self.inner();
        let max = self.limits.max_sockets_per_address;
        let entry = self.entry(&mut inner, key);
        if entry.sockets >= max {
            return None;
        }
        entry.sockets += 1;
        Some(SocketPermit {
            clients: Arc::clone(self),
            key,
        })
    }

    /// Takes one new game from the client's allowance and from everyone's: `Err` with which
    /// limit, and when to try again.
    pub(crate) fn new_game(&self, key: ClientKey) -> Result<(), (Full, Duration)> {
        let now = Instant::now();
        let mut inner = self.inner();
        inner.games.take(now).map_err(|wait| (Full::InAll, wait))?;
        let entry = self.entry(&mut inner, key);
        if let Err(wait) = entry.games.take(now) {
            inner.games.give_back();
            Self::tidy(&mut inner, key);
            return Err((Full::Address, wait));
        }
        Ok(())
    }

    /// How many connections are open.
    pub(crate) fn connections(&self) -> usize {
        self.inner().connections
    }
}

impl Drop for ConnectionPermit {
    fn drop(&mut self) {
        let mut inner = self.clients.inner();
        inner.connections = inner.connections.saturating_sub(1);
        if let Some(entry) = inner.entries.get_mut(&self.key) {
            entry.connections = entry.connections.saturating_sub(1);
        }
        Clients::tidy(&mut inner, self.key);
    }
}

impl Drop for SocketPermit {
    fn drop(&mut self) {
        let mut inner = self.clients.inner();
        if let Some(entry) = inner.entries.get_mut(&self.key) {
            entry.sockets = entry.sockets.saturating_sub(1);
        }
        Clients::tidy(&mut inner, self.key);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ipv6_client_counts_by_its_64_network() {
        let a: IpAddr = "2001:db8:1:2:3:4:5:6".parse().expect("address");
        let b: IpAddr = "2001:db8:1:2:ffff::1".parse().expect("address");
        let c: IpAddr = "2001:db8:1:3::1".parse().expect("address");
        assert_eq!(ClientKey::of(a), ClientKey::of(b));
        assert_ne!(ClientKey::of(a), ClientKey::of(c));
        let mapped: IpAddr = "::ffff:192.0.2.7".parse().expect("address");
        let v4: IpAddr = "192.0.2.7".parse().expect("address");
        assert_eq!(ClientKey::of(mapped), ClientKey::of(v4));
    }

    #[test]
    fn a_bucket_refills_evenly_and_says_when() {
        let start = Instant::now();
        let mut bucket = Bucket::new(2, Duration::from_secs(10), start);
        assert!(bucket.take(start).is_ok());
        assert!(bucket.take(start).is_ok());
        let wait = bucket.take(start).expect_err("empty");
        assert!((wait.as_secs_f64() - 5.0).abs() < 0.01, "{wait:?}");
        assert!(bucket.take(start + Duration::from_secs(5)).is_ok());
    }

    #[test]
    fn connections_are_capped_per_address_and_in_all() {
        let limits = Limits {
            max_connections: 3,
            max_connections_per_address: 2,
            ..Limits::default()
        };
        let clients = Clients::new(limits);
        let a = ClientKey::of("10.0.0.1".parse().expect("address"));
        let b = ClientKey::of("10.0.0.2".parse().expect("address"));
        let one = clients.connect(a).expect("one");
        let _two = clients.connect(a).expect("two");
        assert_eq!(clients.connect(a).err(), Some(Full::Address));
        let _three = clients.connect(b).expect("three");
        assert_eq!(clients.connect(b).err(), Some(Full::InAll));
        drop(one);
        assert!(clients.connect(b).is_ok());
    }
}
