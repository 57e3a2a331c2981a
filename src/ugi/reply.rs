//! Writing what the engine says: seat names, `info` lines with scores as UCI writes them,
//! principal variations as move texts.

use std::time::Duration;

use game_core::{Game, Score, SearchInfo};

/// `p1`, `p2` or `p3`: the player's place in the game's order.
pub fn seat_name<G: Game>(player: G::Player) -> String {
    format!("p{}", G::player_index(player) + 1)
}

/// An `info` line for a search report: depth, nodes, time, score, pv as far as they mean
/// something.
pub(super) fn info_line<G: Game>(pos: &G, info: &SearchInfo<G::Move>, elapsed: Duration) -> String {
    let mut line = format!("info depth {} nodes {}", info.depth, info.nodes);
    let millis = elapsed.as_millis();
    line += &format!(" time {millis}");
    if let Some(nps) = (u128::from(info.nodes) * 1000).checked_div(millis) {
        line += &format!(" nps {nps}");
    }
    if let Some(score) = info.score {
        line += " score ";
        line += &score_text::<G>(score);
    }
    let pv = pv_texts(pos, &info.pv);
    if !pv.is_empty() {
        line += " pv ";
        line += &pv.join(" ");
    }
    line
}

/// A score as UCI writes it: `cp N` or `mate N` (in moves of the player to move, negative when
/// losing).
fn score_text<G: Game>(score: Score) -> String {
    let players = G::PLAYERS.len() as f64;
    match score {
        Score::Centi(cp) => format!("cp {cp}"),
        Score::Draw => "cp 0".to_owned(),
        Score::WinIn(plies) => format!("mate {}", plies.div_ceil(2).max(1)),
        Score::LossIn(plies) => format!("mate -{}", plies.div_ceil(2).max(1)),
        Score::Reward(reward) => {
            // The expected reward as centi-units on the logistic scale of chess engines, with
            // a fair share (1/N) at 0.
            let reward = reward.clamp(0.001, 0.999);
            let odds = reward * (players - 1.0) / (1.0 - reward);
            format!("cp {}", (400.0 * odds.log10()).round() as i64)
        }
    }
}

/// The texts of a principal variation, as far as its moves are legal along the line.
pub fn pv_texts<G: Game>(pos: &G, pv: &[G::Move]) -> Vec<String> {
    let mut pos = *pos;
    let mut texts = Vec::with_capacity(pv.len());
    for &mv in pv {
        if pos.outcome().is_some() || !pos.is_legal(mv) {
            break;
        }
        texts.push(pos.move_text(mv));
        pos.play_unchecked(mv);
    }
    texts
}
