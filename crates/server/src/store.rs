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

/// A seat as stored: a person (with the seat's token) or an engine.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub(crate) enum SeatRow {
    /// A person holding `token`.
    Human {
        /// The seat's secret, 32 hex digits.
        token: String,
    },
    /// An engine, `NAME[:BUDGET]`.
    Engine {
        /// The engine's name and budget as the tools spell them.
        spec: String,
    },
}

/// A game's row: everything but its moves.
#[derive(Clone, Debug)]
pub(crate) struct GameRow {
    pub(crate) id: String,
    pub(crate) game: String,
    pub(crate) size: Option<String>,
    pub(crate) start: String,
    pub(crate) seats: Vec<SeatRow>,
    pub(crate) time_ms: u64,
    pub(crate) ended: Option<OutcomeJson>,
    pub(crate) draw_offer: Option<usize>,
    pub(crate) rematch: Option<String>,
    pub(crate) version: u64,
}

/// The SQLite file, one connection behind a lock (each statement takes tens of microseconds).
pub(crate) struct Store {
    conn: Mutex<Connection>,
}

fn to_json<T: Serialize>(value: &T) -> Result<String, StoreError> {
    serde_json::to_string(value).map_err(|e| StoreError(e.to_string()))
}

impl Store {
    /// Opens (or creates) the file at `path`.
    pub(crate) fn open(path: &Path) -> Result<Store, StoreError> {
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
        Ok(Store {
            conn: Mutex::new(conn),
        })
    }

    fn conn(&self) -> std::sync::MutexGuard<'_, Connection> {
        // A panic while holding the lock cannot leave a half-done transaction behind (it is
        // rolled back when dropped), so a poisoned lock is still good to use.
        self.conn.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Stores a new game.
    pub(crate) fn insert(&self, row: &GameRow) -> Result<(), StoreError> {
        self.conn().execute(
            "INSERT INTO games (id, game, size, start, seats, time_ms, ended, draw_offer, rematch, version)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
            params![
                row.id,
                row.game,
                row.size,
                row.start,
                to_json(&row.seats)?,
                row.time_ms as i64,
                row.ended.as_ref().map(to_json).transpose()?,
                row.draw_offer.map(|i| i as i64),
                row.rematch,
                row.version as i64,
            ],
        )?;
        Ok(())
    }

    /// Stores move number `ply` (0 for the first) of game `id` and the game's new version, and
    /// clears a draw offer when `clear_offer`, in one transaction.
    pub(crate) fn add_move(
        &self,
        id: &str,
        ply: usize,
        text: &str,
        version: u64,
        draw_offer: Option<usize>,
    ) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        tx.execute(
            "INSERT INTO moves (game, ply, text) VALUES (?1, ?2, ?3)",
            params![id, ply as i64, text],
        )?;
        tx.execute(
            "UPDATE games SET version = ?2, draw_offer = ?3 WHERE id = ?1",
            params![id, version as i64, draw_offer.map(|i| i as i64)],
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Stores what the server decided beside the rules (an end, a draw offer, the seats).
    pub(crate) fn update_meta(&self, row: &GameRow) -> Result<(), StoreError> {
        self.conn().execute(
            "UPDATE games SET seats = ?2, ended = ?3, draw_offer = ?4, rematch = ?5, version = ?6
             WHERE id = ?1",
            params![
                row.id,
                to_json(&row.seats)?,
                row.ended.as_ref().map(to_json).transpose()?,
                row.draw_offer.map(|i| i as i64),
                row.rematch,
                row.version as i64,
            ],
        )?;
        Ok(())
    }

    /// Stores a rematch: the new game and the old game's link to it, in one transaction.
    pub(crate) fn insert_rematch(&self, old: &GameRow, new: &GameRow) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        tx.execute(
            "INSERT INTO games (id, game, size, start, seats, time_ms, ended, draw_offer, rematch, version)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, NULL, NULL, NULL, ?7)",
            params![
                new.id,
                new.game,
                new.size,
                new.start,
                to_json(&new.seats)?,
                new.time_ms as i64,
                new.version as i64,
            ],
        )?;
        tx.execute(
            "UPDATE games SET rematch = ?2, version = ?3 WHERE id = ?1",
            params![old.id, old.rematch, old.version as i64],
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Every stored game with its moves, in the order they were created.
    pub(crate) fn load_all(&self) -> Result<Vec<(GameRow, Vec<String>)>, StoreError> {
        let conn = self.conn();
        let mut games = conn.prepare(
            "SELECT id, game, size, start, seats, time_ms, ended, draw_offer, rematch, version
             FROM games ORDER BY rowid",
        )?;
        let rows = games
            .query_map([], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, Option<String>>(2)?,
                    r.get::<_, String>(3)?,
                    r.get::<_, String>(4)?,
                    r.get::<_, i64>(5)?,
                    r.get::<_, Option<String>>(6)?,
                    r.get::<_, Option<i64>>(7)?,
                    r.get::<_, Option<String>>(8)?,
                    r.get::<_, i64>(9)?,
                ))
            })?
            .collect::<Result<Vec<_>, _>>()?;
        let mut moves = conn.prepare("SELECT text FROM moves WHERE game = ?1 ORDER BY ply")?;
        let mut out = Vec::with_capacity(rows.len());
        for (id, game, size, start, seats, time_ms, ended, offer, rematch, version) in rows {
            let seats: Vec<SeatRow> = match serde_json::from_str(&seats) {
                Ok(seats) => seats,
                Err(e) => {
                    eprintln!("boardrules-server: game {id}: unreadable seats ({e}); skipped");
                    continue;
                }
            };
            let ended = match ended.map(|text| serde_json::from_str(&text)).transpose() {
                Ok(ended) => ended,
                Err(e) => {
                    eprintln!("boardrules-server: game {id}: unreadable outcome ({e}); skipped");
                    continue;
                }
            };
            let texts = moves
                .query_map(params![id], |r| r.get::<_, String>(0))?
                .collect::<Result<Vec<_>, _>>()?;
            out.push((
                GameRow {
                    id,
                    game,
                    size,
                    start,
                    seats,
                    time_ms: u64::try_from(time_ms).unwrap_or(0),
                    ended,
                    draw_offer: offer.and_then(|i| usize::try_from(i).ok()),
                    rematch,
                    version: u64::try_from(version).unwrap_or(0),
                },
                texts,
            ));
        }
        Ok(out)
    }
}
