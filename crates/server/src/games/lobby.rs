//! The lobby: games with an open seat, listed newest first until their seats are taken or
//! expire, and joined by whoever comes first.

use std::sync::Arc;

use super::{Hub, Slot};
use crate::clock::wall_ms;
use crate::error::Refusal;
use crate::secrets;
use crate::store::{LobbyRow, SeatRow};

impl Hub {
    /// The lobby: the games with an open seat that have not expired, newest first.
    pub(crate) fn lobby(&self, limit: usize) -> Result<Vec<LobbyRow>, Refusal> {
        let expiry = u64::try_from(self.limits.lobby_expiry.as_millis()).unwrap_or(u64::MAX);
        let since = wall_ms().saturating_sub(expiry);
        Ok(self.store.lobby(since, limit)?)
    }

    /// `POST /api/games/ID/join`: the first open seat becomes a person's, with a new token;
    /// 409 when none is left or the game has left the lobby.
    pub(crate) fn join(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        allowed: &dyn Fn() -> Result<(), Refusal>,
    ) -> Result<(String, String), Refusal> {
        self.with_game(slot, |slot, live| {
            let Some(seat) = live
                .row
                .seats
                .iter()
                .position(|s| matches!(s, SeatRow::Open))
            else {
                return Err(Refusal::Conflict("no open seat is left".to_owned()));
            };
            Self::ongoing(live)?;
            let expiry = u64::try_from(self.limits.lobby_expiry.as_millis()).unwrap_or(u64::MAX);
            if wall_ms().saturating_sub(live.row.created_ms) >= expiry {
                return Err(Refusal::Conflict(
                    "the open seats expired: the game has left the lobby".to_owned(),
                ));
            }
            allowed()?;
            let token = secrets::new_token()?;
            let before = live.row.clone();
            live.row.seats[seat] = SeatRow::Human {
                digest: secrets::digest(&token),
            };
            self.change_meta(slot, live, before)?;
            Ok((live.players[seat].clone(), token))
        })
    }
}
