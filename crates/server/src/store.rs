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

const GAME_COLUMNS: &str =
    "id, game, size, start, seats, creator, time_ms, ended, draw_offer, rematch, version";

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
    ))
}

/// A stored row as the server holds it; `None` (logged) when a JSON column cannot be read.
fn game_row(raw: RawRow) -> Option<GameRow> {
    let (id, game, size, start, seats, creator, time_ms, ended, offer, rematch, version) = raw;
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
    pub(crate) fn add_move(
        &self,
        id: &str,
        ply: usize,
        text: &str,
        version: u64,
        draw_offer: Option<usize>,
        live: bool,
    ) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        tx.execute(
            "INSERT INTO moves (game, ply, text) VALUES (?1, ?2, ?3)",
            params![id, ply as i64, text],
        )?;
        tx.execute(
            "UPDATE games SET version = ?2, draw_offer = ?3, live = ?4 WHERE id = ?1",
            params![id, version as i64, draw_offer.map(|i| i as i64), live],
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Stores what the server decided beside the rules (an end, a draw offer, the seats).
    pub(crate) fn update_meta(&self, row: &GameRow, live: bool) -> Result<(), StoreError> {
        self.conn().execute(
            "UPDATE games SET seats = ?2, ended = ?3, draw_offer = ?4, rematch = ?5, version = ?6,
             live = ?7 WHERE id = ?1",
            params![
                row.id,
                to_json(&row.seats)?,
                row.ended.as_ref().map(to_json).transpose()?,
                row.draw_offer.map(|i| i as i64),
                row.rematch,
                row.version as i64,
                live,
            ],
        )?;
        Ok(())
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

fn insert_row(conn: &Connection, row: &GameRow) -> Result<(), StoreError> {
    conn.execute(
        "INSERT INTO games (id, game, size, start, seats, creator, time_ms, ended, draw_offer,
         rematch, version, live) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, 1)",
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
