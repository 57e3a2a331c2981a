//! Which games are in memory: installing a game, finding it, loading it from the store when
//! a request asks for one that is not, and unloading the idle ones, so that memory follows
//! the games being played rather than the games ever created.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::broadcast;

use super::{all_engines, plausible_id, Hub, Live, Slot};
use crate::error::Refusal;
use crate::store::GameRow;
use crate::table::{self, Table};

impl Hub {
    /// Room for one more game in memory: when the server holds `--max-loaded-games`, the
    /// idle ones leave at once; 503 when none is idle.
    pub(super) fn make_room(&self) -> Result<(), Refusal> {
        if self.len() >= self.limits.max_loaded_games {
            self.unload_idle(true);
            if self.len() >= self.limits.max_loaded_games {
                return Err(Refusal::Unavailable(
                    "the server holds as many games in memory as it may".to_owned(),
                    Duration::from_secs(5),
                ));
            }
        }
        Ok(())
    }

    pub(super) fn install(self: &Arc<Self>, row: GameRow, table: Box<dyn Table>) -> Arc<Slot> {
        let players = table.players();
        let (watchers, _) = broadcast::channel(self.limits.socket_backlog.max(1));
        let slot = Arc::new(Slot {
            id: row.id.clone(),
            engine_only: AtomicBool::new(all_engines(&row)),
            live: Mutex::new(Live {
                connected: vec![0; players.len()],
                players,
                table,
                row,
                thinking: None,
                failure: None,
                unstored: None,
                unloaded: false,
            }),
            published: Mutex::new(crate::wire::Rendered {
                text: Arc::from(""),
                running: None,
            }),
            watchers,
            touched: AtomicU64::new(self.now_ms()),
            sockets: AtomicUsize::new(0),
        });
        {
            let mut live = slot.lock();
            self.schedule(&slot, &mut live);
            slot.publish(&live);
        }
        self.games
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .insert(slot.id.clone(), Arc::clone(&slot));
        slot
    }

    /// The game `id` if it is in memory (no store access: safe on the async runtime).
    pub(crate) fn find(&self, id: &str) -> Option<Arc<Slot>> {
        let slot = self.map().get(id).cloned()?;
        slot.touched.store(self.now_ms(), Ordering::Relaxed);
        Some(slot)
    }

    /// The game `id`, loaded from the store when it is not in memory (blocking).
    pub(crate) fn get(self: &Arc<Self>, id: &str) -> Result<Arc<Slot>, Refusal> {
        if let Some(slot) = self.find(id) {
            return Ok(slot);
        }
        if !plausible_id(id) {
            return Err(Refusal::NotFound);
        }
        let _loading = self.loading.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(slot) = self.find(id) {
            return Ok(slot);
        }
        let Some((row, moves)) = self.store.load(id)? else {
            return Err(Refusal::NotFound);
        };
        self.make_room()?;
        let table = table::open(&row.game, row.size.as_deref(), Some(&row.start), &moves)
            .map_err(|e| Refusal::Internal(format!("game {id}: {e}")))?;
        Ok(self.install(row, table))
    }

    /// Runs `change` on the game of `slot` under its lock, looking the game up again when the
    /// slot was unloaded meanwhile.
    pub(super) fn with_game<T>(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        mut change: impl FnMut(&Arc<Slot>, &mut Live) -> Result<T, Refusal>,
    ) -> Result<T, Refusal> {
        let mut slot = Arc::clone(slot);
        for _ in 0..3 {
            let mut live = slot.lock();
            if !live.unloaded {
                slot.touched.store(self.now_ms(), Ordering::Relaxed);
                return change(&slot, &mut live);
            }
            drop(live);
            slot = self.get(&slot.id)?;
        }
        Err(Refusal::Unavailable(
            "the game is being unloaded".to_owned(),
            Duration::from_secs(1),
        ))
    }

    /// Takes idle games out of memory: no watcher, no search, no move waiting to be stored,
    /// and no request for [`Limits::idle_unload`] (or any time, when `all_idle`). They stay
    /// in the store and load again when asked for.
    pub(crate) fn unload_idle(&self, all_idle: bool) -> usize {
        let now = self.now_ms();
        let idle = u64::try_from(self.limits.idle_unload.as_millis()).unwrap_or(u64::MAX);
        let mut games = self.games.write().unwrap_or_else(|e| e.into_inner());
        let mut gone = Vec::new();
        for (id, slot) in games.iter() {
            if !all_idle && now.saturating_sub(slot.touched.load(Ordering::Relaxed)) < idle {
                continue;
            }
            // A game whose lock is taken is busy: it is not idle.
            let Ok(mut live) = slot.live.try_lock() else {
                continue;
            };
            if slot.watchers.receiver_count() == 0
                && slot.sockets.load(Ordering::SeqCst) == 0
                && live.thinking.is_none()
                && live.unstored.is_none()
            {
                live.unloaded = true;
                gone.push(id.clone());
            }
        }
        for id in &gone {
            games.remove(id);
        }
        gone.len()
    }

    /// What the server does every second: notes that it is alive (for the clocks of the next
    /// server on the file), lets the flags that are due fall, takes expired games out of the
    /// lobby, stores again the engine moves the store refused, and unloads the idle games.
    pub(crate) fn maintain(self: &Arc<Self>) {
        let now = crate::clock::wall_ms();
        let expiry = u64::try_from(self.limits.lobby_expiry.as_millis()).unwrap_or(u64::MAX);
        if let Err(e) = self.store.tick(now, now.saturating_sub(expiry)) {
            tracing::debug!(error = %e, "the heartbeat waits for the next second");
        }
        self.flag_due();
        let waiting: Vec<Arc<Slot>> = self
            .map()
            .values()
            .filter(|slot| {
                slot.live
                    .try_lock()
                    .map_or(true, |live| live.unstored.is_some())
            })
            .cloned()
            .collect();
        for slot in waiting {
            let mut live = slot.lock();
            if let Some(unstored) = live.unstored.take() {
                self.store_engine_move(&slot, &mut live, unstored);
            }
        }
        let gone = self.unload_idle(false);
        if gone > 0 {
            tracing::debug!(games = gone, "idle games unloaded");
        }
    }
}
