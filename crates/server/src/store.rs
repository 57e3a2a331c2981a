//! The games on disk: one SQLite file in WAL mode, every statement with bound parameters.
//!
//! A game is a row of `games` (what it is: game, board, start, seats, engine time, and what
//! the server decided beside the rules: a resignation or agreed draw, a standing draw offer,
//! the rematch) and its moves are rows of `moves`. A move is in the file, committed, before
//! the server answers the request or tells any watcher.

use std::path::Path;
use std::sync::Mutex;

use rusqlite::{params, Connection};
use serde::{Deserialize, Serialize};

use crate::clock::ClockRow;
use crate::secrets;
use crate::table::OutcomeJson;

/// Why the store failed: SQLite's message.
#[derive(Debug)]
pub(crate) struct StoreError(pub(crate) String);

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "database: {}", self.0)
    }
}

impl std::error::Error for StoreError {}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> Self {
        StoreError(e.to_string())
    }
}

/// A seat as stored: a person (with the digest of the seat's token) or an engine.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub(crate) enum SeatRow {
    /// A person holding the token whose SHA-256 digest this is.
    Human {
        /// The digest of the seat's token, 64 hex digits (the token itself is never stored).
        #[serde(rename = "token")]
        digest: String,
    },
    /// An engine, `NAME[:BUDGET]`.
    Engine {
        /// The engine's name and budget as the tools spell them.
        spec: String,
    },
    /// A seat for whoever joins first (the game is listed in the lobby meanwhile).
    Open,
}

/// A game's row: everything but its moves.
#[derive(Clone, Debug)]
pub(crate) struct GameRow {
    pub(crate) id: String,
    pub(crate) game: String,
    pub(crate) size: Option<String>,
    pub(crate) start: String,
    pub(crate) seats: Vec<SeatRow>,
    /// The digest of the creator's token, which can stop the game.
    pub(crate) creator: Option<String>,
    pub(crate) time_ms: u64,
    pub(crate) ended: Option<OutcomeJson>,
    pub(crate) draw_offer: Option<usize>,
    pub(crate) rematch: Option<String>,
    pub(crate) version: u64,
    /// The game's clock, for a timed game.
    pub(crate) clock: Option<ClockRow>,
    /// When the game was created (wall-clock ms): the lobby's order and its expiry.
    pub(crate) created_ms: u64,
    /// The client that created a game with open seats (its address or IPv6 /64), which the
    /// bound on open games per address counts.
    pub(crate) opener: Option<String>,
}

impl GameRow {
    /// Whether a seat waits for someone to join.
    pub(crate) fn has_open_seat(&self) -> bool {
        self.seats.iter().any(|s| matches!(s, SeatRow::Open))
    }
}

/// A game of the lobby as stored: its id, game, board, seats, clock and creation time.
pub(crate) struct LobbyRow {
    pub(crate) id: String,
    pub(crate) game: String,
    pub(crate) size: Option<String>,
    pub(crate) seats: Vec<SeatRow>,
    pub(crate) clock: Option<ClockRow>,
    pub(crate) created_ms: u64,
}

/// The SQLite file, one connection behind a lock (each statement takes tens of microseconds).
pub(crate) struct Store {
    conn: Mutex<Connection>,
}

fn to_json<T: Serialize>(value: &T) -> Result<String, StoreError> {
    serde_json::to_string(value).map_err(|e| StoreError(e.to_string()))
}

/// Creates the file readable and writable by its owner only, or takes an existing file's
/// other permissions away: it holds the games and the digests of their tokens. SQLite gives
/// the `-wal` and `-shm` files the same permissions as the database.
fn private_file(path: &Path) -> Result<(), StoreError> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .mode(0o600)
            .open(path)
            .map_err(|e| StoreError(format!("{}: {e}", path.display())))?;
        let mode = file
            .metadata()
            .map_err(|e| StoreError(e.to_string()))?
            .permissions()
            .mode();
        if mode & 0o077 != 0 {
            file.set_permissions(std::fs::Permissions::from_mode(mode & 0o700))
                .map_err(|e| StoreError(format!("{}: {e}", path.display())))?;
        }
    }
    #[cfg(not(unix))]
    let _ = path;
    Ok(())
}

const GAME_COLUMNS: &str = "id, game, size, start, seats, creator, time_ms, ended, draw_offer, \
     rematch, version, clock, created_ms, opener";

type RawRow = (
    String,
    String,
    Option<String>,
    String,
    String,
    Option<String>,
    i64,
    Option<String>,
    Option<i64>,
    Option<String>,
    i64,
    Option<String>,
    i64,
    Option<String>,
);

fn raw_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<RawRow> {
    Ok((
        r.get(0)?,
        r.get(1)?,
        r.get(2)?,
        r.get(3)?,
        r.get(4)?,
        r.get(5)?,
        r.get(6)?,
        r.get(7)?,
        r.get(8)?,
        r.get(9)?,
        r.get(10)?,
        r.get(11)?,
        r.get(12)?,
        r.get(13)?,
    ))
}

/// A stored row as the server holds it; `None` (logged) when a JSON column cannot be read.
fn game_row(raw: RawRow) -> Option<GameRow> {
    let (
        id,
        game,
        size,
        start,
        seats,
        creator,
        time_ms,
        ended,
        offer,
        rematch,
        version,
        clock,
        created_ms,
        opener,
    ) = raw;
    let seats: Vec<SeatRow> = match serde_json::from_str(&seats) {
        Ok(seats) => seats,
        Err(e) => {
            tracing::warn!(game = %id, error = %e, "unreadable seats; game skipped");
            return None;
        }
    };
    let ended = match ended.map(|text| serde_json::from_str(&text)).transpose() {
        Ok(ended) => ended,
        Err(e) => {
            tracing::warn!(game = %id, error = %e, "unreadable outcome; game skipped");
            return None;
        }
    };
    let clock = match clock.map(|text| serde_json::from_str(&text)).transpose() {
        Ok(clock) => clock,
        Err(e) => {
            tracing::warn!(game = %id, error = %e, "unreadable clock; game skipped");
            return None;
        }
    };
    Some(GameRow {
        id,
        game,
        size,
        start,
        seats,
        creator,
        time_ms: u64::try_from(time_ms).unwrap_or(0),
        ended,
        draw_offer: offer.and_then(|i| usize::try_from(i).ok()),
        rematch,
        version: u64::try_from(version).unwrap_or(0),
        clock,
        created_ms: u64::try_from(created_ms).unwrap_or(0),
        opener,
    })
}

impl Store {
    /// Opens (or creates, readable by its owner only) the file at `path`.
    pub(crate) fn open(path: &Path) -> Result<Store, StoreError> {
        private_file(path)?;
        let conn = Connection::open(path)?;
        // WAL: readers never block the writer and a commit is one append to the log; with
        // synchronous=NORMAL a committed transaction survives the process being killed (the
        // log is in the operating system's hands); FULL would also survive a power cut, at
        // one fsync per move.
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        conn.execute_batch(
            "CREATE TABLE IF NOT EXISTS games (
                id TEXT PRIMARY KEY,
                game TEXT NOT NULL,
                size TEXT,
                start TEXT NOT NULL,
                seats TEXT NOT NULL,
                time_ms INTEGER NOT NULL,
                ended TEXT,
                draw_offer INTEGER,
                rematch TEXT,
                version INTEGER NOT NULL
            );
            CREATE TABLE IF NOT EXISTS moves (
                game TEXT NOT NULL,
                ply INTEGER NOT NULL,
                text TEXT NOT NULL,
                PRIMARY KEY (game, ply)
            ) WITHOUT ROWID;",
        )?;
        let store = Store {
            conn: Mutex::new(conn),
        };
        store.migrate()?;
        Ok(store)
    }

    /// Brings a file written by an earlier server up to date: the creator and `live` columns
    /// (a game not over yet: only those with an engine seat are loaded at start), and the
    /// seat tokens replaced by their digests.
    fn migrate(&self) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let columns: Vec<String> = conn
            .prepare("SELECT name FROM pragma_table_info('games')")?
            .query_map([], |r| r.get::<_, String>(0))?
            .collect::<Result<_, _>>()?;
        let tx = conn.transaction()?;
        if !columns.iter().any(|c| c == "creator") {
            tx.execute_batch("ALTER TABLE games ADD COLUMN creator TEXT")?;
        }
        for (column, kind) in [
            ("clock", "TEXT"),
            ("deadline", "INTEGER"),
            ("created_ms", "INTEGER NOT NULL DEFAULT 0"),
            ("lobby", "INTEGER NOT NULL DEFAULT 0"),
            ("opener", "TEXT"),
        ] {
            if !columns.iter().any(|c| c == column) {
                tx.execute_batch(&format!("ALTER TABLE games ADD COLUMN {column} {kind}"))?;
            }
        }
        tx.execute_batch(
            "CREATE INDEX IF NOT EXISTS games_deadline ON games (deadline)
                 WHERE deadline IS NOT NULL;
             CREATE INDEX IF NOT EXISTS games_lobby ON games (created_ms) WHERE lobby = 1;
             CREATE TABLE IF NOT EXISTS server (key TEXT PRIMARY KEY, value INTEGER NOT NULL);",
        )?;
        if !columns.iter().any(|c| c == "live") {
            tx.execute_batch(
                "ALTER TABLE games ADD COLUMN live INTEGER NOT NULL DEFAULT 1;
                 UPDATE games SET live = 0 WHERE ended IS NOT NULL;",
            )?;
        }
        tx.execute_batch("CREATE INDEX IF NOT EXISTS games_live ON games (live) WHERE live = 1")?;
        let clear: Vec<(String, String)> = tx
            .prepare("SELECT id, seats FROM games WHERE seats LIKE '%\"token\":\"________________________________\"%'")?
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<Result<_, _>>()?;
        for (id, seats) in clear {
            let Ok(mut seats) = serde_json::from_str::<Vec<SeatRow>>(&seats) else {
                continue;
            };
            for seat in &mut seats {
                if let SeatRow::Human { digest } = seat {
                    if !secrets::is_digest(digest) {
                        *digest = secrets::digest(digest);
                    }
                }
            }
            tx.execute(
                "UPDATE games SET seats = ?2 WHERE id = ?1",
                params![id, to_json(&seats)?],
            )?;
        }
        tx.commit()?;
        Ok(())
    }

    fn conn(&self) -> std::sync::MutexGuard<'_, Connection> {
        // A panic while holding the lock cannot leave a half-done transaction behind (it is
        // rolled back when dropped), so a poisoned lock is still good to use.
        self.conn.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Stores a new game.
    pub(crate) fn insert(&self, row: &GameRow) -> Result<(), StoreError> {
        insert_row(&self.conn(), row)
    }

    /// Stores move number `ply` (0 for the first) of game `id`, the game's new version and
    /// draw offer, and whether it goes on (`live`), in one transaction.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn add_move(
        &self,
        id: &str,
        ply: usize,
        text: &str,
        version: u64,
        draw_offer: Option<usize>,
        live: bool,
        clock: Option<&ClockRow>,
    ) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        tx.execute(
            "INSERT INTO moves (game, ply, text) VALUES (?1, ?2, ?3)",
            params![id, ply as i64, text],
        )?;
        tx.execute(
            "UPDATE games SET version = ?2, draw_offer = ?3, live = ?4, clock = ?5, deadline = ?6
             WHERE id = ?1",
            params![
                id,
                version as i64,
                draw_offer.map(|i| i as i64),
                live,
                clock.map(to_json).transpose()?,
                deadline(clock),
            ],
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Stores what the server decided beside the rules (an end, a draw offer, the seats).
    pub(crate) fn update_meta(&self, row: &GameRow, live: bool) -> Result<(), StoreError> {
        self.conn().execute(
            "UPDATE games SET seats = ?2, ended = ?3, draw_offer = ?4, rematch = ?5, version = ?6,
             live = ?7, clock = ?8, deadline = ?9, lobby = ?10 WHERE id = ?1",
            params![
                row.id,
                to_json(&row.seats)?,
                row.ended.as_ref().map(to_json).transpose()?,
                row.draw_offer.map(|i| i as i64),
                row.rematch,
                row.version as i64,
                live,
                row.clock.as_ref().map(to_json).transpose()?,
                deadline(row.clock.as_ref()),
                live && row.has_open_seat(),
            ],
        )?;
        Ok(())
    }

    /// The games whose running seat's flag has fallen by `now` (wall-clock ms), at most
    /// `limit` of them, the earliest first: in memory or not, the index finds them.
    pub(crate) fn due_flags(&self, now: u64, limit: usize) -> Result<Vec<String>, StoreError> {
        Ok(self
            .conn()
            .prepare_cached(
                "SELECT id FROM games WHERE deadline IS NOT NULL AND deadline <= ?1
                 ORDER BY deadline LIMIT ?2",
            )?
            .query_map(params![now as i64, limit as i64], |r| r.get::<_, String>(0))?
            .collect::<Result<_, _>>()?)
    }

    /// Forgets the deadline of a game that cannot be loaded, so that the scan does not find it
    /// again every second.
    pub(crate) fn clear_deadline(&self, id: &str) -> Result<(), StoreError> {
        self.conn().execute(
            "UPDATE games SET deadline = NULL WHERE id = ?1",
            params![id],
        )?;
        Ok(())
    }

    /// The maintenance tick's writes: notes that the server is alive at `now` (the next
    /// server on the file learns from it how long the clocks stood still) and takes the games
    /// created before `expired` out of the lobby. They do not wait for a file another process
    /// holds locked (they are tried again in a second), so that they never hold up a move.
    pub(crate) fn tick(&self, now: u64, expired: u64) -> Result<(), StoreError> {
        let mut conn = self.conn();
        conn.busy_timeout(std::time::Duration::ZERO)?;
        let result = (|| -> Result<(), StoreError> {
            let tx = conn.transaction()?;
            tx.execute(
                "INSERT INTO server (key, value) VALUES ('alive_ms', ?1)
                 ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                params![now as i64],
            )?;
            tx.execute(
                "UPDATE games SET lobby = 0 WHERE lobby = 1 AND created_ms < ?1",
                params![expired as i64],
            )?;
            tx.commit()?;
            Ok(())
        })();
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        result
    }

    /// A server starts at `now`: the running clocks are moved on by the time no server ran
    /// (from the last heartbeat), so a restart costs no player any time. Returns that time.
    pub(crate) fn resume_clocks(&self, now: u64) -> Result<u64, StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        let alive: Option<i64> = tx
            .query_row("SELECT value FROM server WHERE key = 'alive_ms'", [], |r| {
                r.get(0)
            })
            .map(Some)
            .or_else(|e| match e {
                rusqlite::Error::QueryReturnedNoRows => Ok(None),
                e => Err(e),
            })?;
        let down = alive.map_or(0, |alive| (now as i64 - alive).max(0));
        if down > 0 {
            tx.execute(
                "UPDATE games SET deadline = deadline + ?1,
                   clock = json_set(clock, '$.since_ms', json_extract(clock, '$.since_ms') + ?1)
                 WHERE deadline IS NOT NULL",
                params![down],
            )?;
        }
        tx.execute(
            "INSERT INTO server (key, value) VALUES ('alive_ms', ?1)
             ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            params![now as i64],
        )?;
        tx.commit()?;
        Ok(u64::try_from(down).unwrap_or(0))
    }

    /// The lobby: the games with an open seat created since `since` (wall-clock ms), newest
    /// first, at most `limit`.
    pub(crate) fn lobby(&self, since: u64, limit: usize) -> Result<Vec<LobbyRow>, StoreError> {
        let conn = self.conn();
        let rows: Vec<RawLobbyRow> = conn
            .prepare_cached(
                "SELECT id, game, size, seats, clock, created_ms FROM games
                 WHERE lobby = 1 AND created_ms >= ?1
                 ORDER BY created_ms DESC, rowid DESC LIMIT ?2",
            )?
            .query_map(params![since as i64, limit as i64], |r| {
                Ok((
                    r.get(0)?,
                    r.get(1)?,
                    r.get(2)?,
                    r.get(3)?,
                    r.get(4)?,
                    r.get(5)?,
                ))
            })?
            .collect::<Result<_, _>>()?;
        Ok(rows
            .into_iter()
            .filter_map(|(id, game, size, seats, clock, created_ms)| {
                Some(LobbyRow {
                    seats: serde_json::from_str(&seats).ok()?,
                    clock: match clock {
                        Some(text) => Some(serde_json::from_str(&text).ok()?),
                        None => None,
                    },
                    id,
                    game,
                    size,
                    created_ms: u64::try_from(created_ms).unwrap_or(0),
                })
            })
            .collect())
    }

    /// How many games in the lobby (created since `since`) the client `opener` created.
    pub(crate) fn open_games_of(&self, opener: &str, since: u64) -> Result<usize, StoreError> {
        let n: i64 = self.conn().query_row(
            "SELECT COUNT(*) FROM games WHERE lobby = 1 AND created_ms >= ?1 AND opener = ?2",
            params![since as i64, opener],
            |r| r.get(0),
        )?;
        Ok(usize::try_from(n).unwrap_or(usize::MAX))
    }

    /// Stores a rematch: the new game and the old game's link to it, in one transaction.
    pub(crate) fn insert_rematch(&self, old: &GameRow, new: &GameRow) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        insert_row(&tx, new)?;
        tx.execute(
            "UPDATE games SET rematch = ?2, version = ?3 WHERE id = ?1",
            params![old.id, old.rematch, old.version as i64],
        )?;
        tx.commit()?;
        Ok(())
    }

    /// The game `id` with its moves, `None` when there is none.
    pub(crate) fn load(&self, id: &str) -> Result<Option<(GameRow, Vec<String>)>, StoreError> {
        let conn = self.conn();
        let raw = conn
            .prepare_cached(&format!("SELECT {GAME_COLUMNS} FROM games WHERE id = ?1"))?
            .query_map(params![id], raw_row)?
            .next()
            .transpose()?;
        let Some(row) = raw.and_then(game_row) else {
            return Ok(None);
        };
        let moves = moves_of(&conn, id)?;
        Ok(Some((row, moves)))
    }

    /// The games to load at start: those not over with an engine seat (whose engine may be
    /// to move), with their moves. Every other game waits in the file until it is asked for.
    pub(crate) fn load_engine_games(&self) -> Result<Vec<(GameRow, Vec<String>)>, StoreError> {
        let conn = self.conn();
        let rows: Vec<RawRow> = conn
            .prepare(&format!(
                "SELECT {GAME_COLUMNS} FROM games
                 WHERE live = 1 AND seats LIKE '%\"kind\":\"engine\"%' ORDER BY rowid"
            ))?
            .query_map([], raw_row)?
            .collect::<Result<_, _>>()?;
        let mut out = Vec::with_capacity(rows.len());
        for row in rows.into_iter().filter_map(game_row) {
            let moves = moves_of(&conn, &row.id)?;
            out.push((row, moves));
        }
        Ok(out)
    }
}

/// A lobby row as read: id, game, size, seats, clock, created_ms.
type RawLobbyRow = (String, String, Option<String>, String, Option<String>, i64);

/// The deadline column of a clock: when its running seat's flag falls.
fn deadline(clock: Option<&ClockRow>) -> Option<i64> {
    clock
        .and_then(ClockRow::deadline)
        .map(|ms| i64::try_from(ms).unwrap_or(i64::MAX))
}

fn insert_row(conn: &Connection, row: &GameRow) -> Result<(), StoreError> {
    conn.execute(
        "INSERT INTO games (id, game, size, start, seats, creator, time_ms, ended, draw_offer,
         rematch, version, live, clock, deadline, created_ms, lobby, opener)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, 1, ?12, ?13, ?14, ?15, ?16)",
        params![
            row.id,
            row.game,
            row.size,
            row.start,
            to_json(&row.seats)?,
            row.creator,
            row.time_ms as i64,
            row.ended.as_ref().map(to_json).transpose()?,
            row.draw_offer.map(|i| i as i64),
            row.rematch,
            row.version as i64,
            row.clock.as_ref().map(to_json).transpose()?,
            deadline(row.clock.as_ref()),
            row.created_ms as i64,
            row.has_open_seat(),
            row.opener,
        ],
    )?;
    Ok(())
}

fn moves_of(conn: &Connection, id: &str) -> Result<Vec<String>, StoreError> {
    Ok(conn
        .prepare_cached("SELECT text FROM moves WHERE game = ?1 ORDER BY ply")?
        .query_map(params![id], |r| r.get::<_, String>(0))?
        .collect::<Result<Vec<_>, _>>()?)
}
