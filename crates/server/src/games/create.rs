//! Creating a game: the request checked (game, size, seats, time, clock), the lobby's and the
//! engines-only caps, then the row stored and the game installed.

use std::sync::Arc;
use std::time::Duration;

use super::{all_engines, Hub};
use crate::clock::{wall_ms, ClockRow};
use crate::error::{excerpt, Refusal};
use crate::limits::{DEFAULT_TIME_MS, MAX_TIME_MS};
use crate::secrets;
use crate::store::{GameRow, SeatRow};
use crate::table;
use crate::wire::CreateRequest;

/// What `POST /api/games` answers, before the links are written with the client's host.
pub(crate) struct Created {
    pub(crate) id: String,
    pub(crate) seats: Vec<(String, Option<String>)>,
    /// The token that can stop the game (`POST /api/games/ID/stop`).
    pub(crate) creator: String,
}

/// A seat as created.
#[derive(Debug, PartialEq, Eq)]
enum SeatSpec {
    /// `"human"`: a person with a token.
    Human,
    /// `"open"`: whoever joins first, from the lobby.
    Open,
    /// `"engine"` or `"engine:NAME[:BUDGET]"`.
    Engine(String),
}

/// A seat as created: `"human"`, `"open"`, `"engine"` or `"engine:NAME[:BUDGET]"`.
fn parse_seat(text: &str) -> Result<SeatSpec, Refusal> {
    match text {
        "human" => Ok(SeatSpec::Human),
        "open" => Ok(SeatSpec::Open),
        "engine" => Ok(SeatSpec::Engine("default".to_owned())),
        _ => match text.strip_prefix("engine:") {
            Some(spec) if !spec.is_empty() => Ok(SeatSpec::Engine(spec.to_owned())),
            _ => Err(Refusal::BadRequest(format!(
                "a seat is \"human\", \"open\" or \"engine:NAME[:BUDGET]\", not {:?}",
                excerpt(text)
            ))),
        },
    }
}

impl Hub {
    /// Creates a game, once the request is good and `allowed` says this client may create
    /// one now.
    pub(crate) fn create(
        self: &Arc<Self>,
        request: CreateRequest,
        opener: &str,
        allowed: &dyn Fn() -> Result<(), Refusal>,
    ) -> Result<Created, Refusal> {
        let table = table::open(&request.game, request.size.as_deref(), None, &[])
            .map_err(Refusal::BadRequest)?;
        let players = table.players();
        if request.seats.len() != players.len() {
            return Err(Refusal::BadRequest(format!(
                "{} has {} players ({}): one seat each, not {}",
                table.game(),
                players.len(),
                players.join(", "),
                request.seats.len()
            )));
        }
        let time_ms = request.time_ms.unwrap_or(DEFAULT_TIME_MS);
        if !(1..=MAX_TIME_MS).contains(&time_ms) {
            return Err(Refusal::BadRequest(format!(
                "time_ms is a whole number of milliseconds from 1 to {MAX_TIME_MS}"
            )));
        }
        if let Some(clock) = &request.clock {
            clock.check().map_err(Refusal::BadRequest)?;
        }
        let mut seats = Vec::with_capacity(players.len());
        let mut tokens = Vec::with_capacity(players.len());
        for text in &request.seats {
            match parse_seat(text)? {
                SeatSpec::Human => {
                    let token = secrets::new_token()?;
                    seats.push(SeatRow::Human {
                        digest: secrets::digest(&token),
                    });
                    tokens.push(Some(token));
                }
                SeatSpec::Open => {
                    seats.push(SeatRow::Open);
                    tokens.push(None);
                }
                SeatSpec::Engine(spec) => {
                    table.check_engine(&spec).map_err(Refusal::BadRequest)?;
                    seats.push(SeatRow::Engine { spec });
                    tokens.push(None);
                }
            }
        }
        let now = wall_ms();
        let open = seats.iter().any(|s| matches!(s, SeatRow::Open));
        if open {
            let since = now.saturating_sub(
                u64::try_from(self.limits.lobby_expiry.as_millis()).unwrap_or(u64::MAX),
            );
            let mine = self.store.open_games_of(opener, since)?;
            if mine >= self.limits.open_games_per_address {
                return Err(Refusal::TooMany(
                    format!(
                        "this address has {mine} games waiting in the lobby, the most it may: \
                         wait for someone to join them"
                    ),
                    Duration::from_secs(60),
                ));
            }
        }
        let creator = secrets::new_token()?;
        let row = GameRow {
            id: secrets::new_id()?,
            game: table.game().to_owned(),
            size: table.size(),
            start: table.start(),
            seats,
            creator: Some(secrets::digest(&creator)),
            time_ms,
            ended: None,
            draw_offer: None,
            rematch: None,
            version: 0,
            clock: request.clock.map(|c| ClockRow::new(c, players.len())),
            created_ms: now,
            opener: open.then(|| opener.to_owned()),
        };
        if all_engines(&row) && self.engine_games() >= self.limits.max_engine_games {
            return Err(Refusal::TooMany(
                format!(
                    "{} games of engines only are going on, the most the server runs at once",
                    self.limits.max_engine_games
                ),
                Duration::from_secs(60),
            ));
        }
        self.make_room()?;
        allowed()?;
        self.store.insert(&row)?;
        let created = Created {
            id: row.id.clone(),
            seats: players.into_iter().zip(tokens).collect(),
            creator,
        };
        self.install(row, table);
        Ok(created)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_are_human_or_an_engine_spec() {
        assert_eq!(parse_seat("human").ok(), Some(SeatSpec::Human));
        assert_eq!(parse_seat("open").ok(), Some(SeatSpec::Open));
        assert_eq!(
            parse_seat("engine").ok(),
            Some(SeatSpec::Engine("default".to_owned()))
        );
        assert_eq!(
            parse_seat("engine:mcts:200").ok(),
            Some(SeatSpec::Engine("mcts:200".to_owned()))
        );
        for bad in ["", "engine:", "Human", "robot", "engine mcts"] {
            assert!(
                matches!(parse_seat(bad), Err(Refusal::BadRequest(_))),
                "{bad}"
            );
        }
    }
}
