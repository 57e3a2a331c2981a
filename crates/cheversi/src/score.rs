//! Scoring: a player scores one point per (own piece, empty square it attacks) pair.
//!
//! The sliders are counted a direction at a time over all of a player's sliders at once (see
//! [`crate::board`]: rays of the same direction never share an empty square, so each pair is
//! counted once); the king and the knights by table look-up. Nothing is kept incrementally: a
//! full evaluation of both scores costs a few dozen nanoseconds.

use crate::board::{
    bishop_attacks, king_attacks, knight_attacks, queen_attacks, rook_attacks, Bitboard, Square,
    DIAGONAL, KING_ATTACKS, KNIGHT_ATTACKS, ORTHOGONAL,
};
use crate::position::{Kind, Move, Position};

/// The king and knight tables with a 65th, empty entry for "no piece" (the trailing zeros of
/// an empty bitboard are 64).
struct LeaperTables {
    king: [Bitboard; 65],
    knight: [Bitboard; 65],
}

const fn leaper_tables() -> LeaperTables {
    let mut tables = LeaperTables {
        king: [0; 65],
        knight: [0; 65],
    };
    let mut sq = 0;
    while sq < 64 {
        tables.king[sq] = KING_ATTACKS[sq];
        tables.knight[sq] = KNIGHT_ATTACKS[sq];
        sq += 1;
    }
    tables
}

static LEAPER_TABLES: LeaperTables = leaper_tables();

/// Both sides' sliders by the lines they attack along: `[orthogonal, diagonal]`, each
/// `[white, black]` (queens and rooks, queens and bishops).
#[inline(always)]
fn sliders(pos: &Position) -> [[Bitboard; 2]; 2] {
    let [white, black] = &pos.pieces;
    let (q, r, b) = (
        Kind::Queen.index(),
        Kind::Rook.index(),
        Kind::Bishop.index(),
    );
    [
        [white[q] | white[r], black[q] | black[r]],
        [white[q] | white[b], black[q] | black[b]],
    ]
}

/// One side's king and knights (`pieces`, a side's bitboards by kind): the empty squares each
/// of its three leapers attacks, `[first knight, second knight, king]`, by table and without
/// branches (a missing piece reads the tables' empty 65th entry).
#[inline(always)]
fn leaper_attacks(pieces: &[Bitboard; 5], empty: Bitboard) -> [Bitboard; 3] {
    let knights = pieces[Kind::Knight.index()];
    let first = knights.trailing_zeros() as usize;
    let second = (knights & knights.wrapping_sub(1)).trailing_zeros() as usize;
    let king = pieces[Kind::King.index()].trailing_zeros() as usize;
    [
        LEAPER_TABLES.knight[first] & empty,
        LEAPER_TABLES.knight[second] & empty,
        LEAPER_TABLES.king[king] & empty,
    ]
}

#[inline(always)]
fn scores_impl(pos: &Position) -> [u32; 2] {
    let empty = pos.empty_bits();
    let [orthogonal, diagonal] = sliders(pos);
    let mut total = [0u32; 2];
    for d in ORTHOGONAL {
        let [w, b] = d.fill_pair(orthogonal, empty);
        total[0] += (w & empty).count_ones();
        total[1] += (b & empty).count_ones();
    }
    for d in DIAGONAL {
        let [w, b] = d.fill_pair(diagonal, empty);
        total[0] += (w & empty).count_ones();
        total[1] += (b & empty).count_ones();
    }
    for (color, pieces) in pos.pieces.iter().enumerate() {
        let [first, second, king] = leaper_attacks(pieces, empty);
        total[color] += first.count_ones() + second.count_ones() + king.count_ones();
    }
    total
}

/// The same body compiled with the POPCNT instruction, chosen at run time when the CPU has it
/// (the default x86-64 target does not assume it, and bit counting is most of the work). The
/// run-time check needs the `std` feature; without it the plain body runs, which uses POPCNT
/// only when the target has it at compile time (`-C target-feature=+popcnt`).
#[cfg(all(target_arch = "x86_64", feature = "std"))]
#[target_feature(enable = "popcnt")]
#[allow(unsafe_code)]
unsafe fn scores_popcnt(pos: &Position) -> [u32; 2] {
    scores_impl(pos)
}

/// Both players' scores, White's first.
#[inline]
#[allow(unsafe_code)] // the POPCNT call below, after its run-time check
pub(crate) fn scores(pos: &Position) -> [u32; 2] {
    #[cfg(all(target_arch = "x86_64", feature = "std"))]
    {
        if std::is_x86_feature_detected!("popcnt") {
            // SAFETY: the CPU supports POPCNT, checked just above.
            return unsafe { scores_popcnt(pos) };
        }
    }
    scores_impl(pos)
}

/// The side to move's running score minus the opponent's.
#[inline]
pub(crate) fn running_difference(pos: &Position) -> i32 {
    let s = scores(pos);
    let me = pos.side_to_move().index();
    s[me] as i32 - s[1 - me] as i32
}

/// The side to move's running score difference after its greedy best placement (the one with
/// the best running score difference just after it), or the running difference itself when
/// the side to move has no placement.
pub(crate) fn greedy_reply(pos: &Position) -> i32 {
    greedy_best(pos).map_or_else(|| running_difference(pos), |(value, _)| value)
}

/// The side to move's greedy best placement with the running score difference (for the side
/// to move) just after it: the first best in generation order (kinds in `Kind::ALL` order,
/// squares from `a1` up); `None` without a legal placement.
///
/// Why not place each candidate and score the child: a placement changes the score in two
/// parts. The square it takes stops counting for everyone and blocks the rays through it,
/// which depends on the square alone; the new piece's own attacks depend on the kind too. So
/// one pass over the position gives both for every square at once: per direction the slider
/// fills (who reaches the square) and the run lengths of empty squares beyond it
/// ([`Direction::run_lengths`](crate::board::Direction::run_lengths): what the slider loses,
/// and what a slider put there gains), and per side the leapers' attacked squares. The
/// values are those of placing and scoring every child (a unit test below), so the choices
/// are the same.
#[inline]
#[allow(unsafe_code)] // the POPCNT call below, after its run-time check
pub(crate) fn greedy_best(pos: &Position) -> Option<(i32, Move)> {
    #[cfg(all(target_arch = "x86_64", feature = "std"))]
    {
        if std::is_x86_feature_detected!("popcnt") {
            // SAFETY: the CPU supports POPCNT, checked just above.
            return unsafe { greedy_best_popcnt(pos) };
        }
    }
    greedy_best_impl(pos)
}

/// [`greedy_best`] compiled with the POPCNT instruction (see [`scores_popcnt`]).
#[cfg(all(target_arch = "x86_64", feature = "std"))]
#[target_feature(enable = "popcnt")]
#[allow(unsafe_code)]
unsafe fn greedy_best_popcnt(pos: &Position) -> Option<(i32, Move)> {
    greedy_best_impl(pos)
}

#[inline(always)]
fn greedy_best_impl(pos: &Position) -> Option<(i32, Move)> {
    let plan = crate::movegen::placements(pos);
    let me = pos.side_to_move().index();
    let empty = pos.empty_bits();
    let all_targets = Kind::ALL
        .iter()
        .fold(0, |acc, &kind| acc | plan.target_bits(kind));
    if all_targets == 0 {
        return None;
    }
    // Per direction (the orthogonal ones first): both sides' slider fills and the run
    // lengths of empty squares. In one direction an empty square is reached by at most one
    // slider (the nearest piece behind it), so taking the square costs that slider's colour
    // the square and the run of empty squares beyond it; a slider put there gains the runs.
    let [orthogonal, diagonal] = sliders(pos);
    let mut fills = [[0; 2]; 8];
    let mut runs = [[0; 3]; 8];
    let mut total = [0i32; 2];
    for (i, d) in ORTHOGONAL.iter().chain(DIAGONAL.iter()).enumerate() {
        let gens = if i < 4 { orthogonal } else { diagonal };
        let [w, bl] = d.fill_pair(gens, empty);
        let (w, bl) = (w & empty, bl & empty);
        total[0] += w.count_ones() as i32;
        total[1] += bl.count_ones() as i32;
        fills[i] = [w, bl];
        runs[i] = d.run_lengths(empty);
    }
    // The king and the knights: their empty squares, and per square how many of each side's
    // leapers attack it (kept as the sets attacked once and twice or more, per side).
    let mut leaped = [[0u64; 3]; 2];
    for (color, pieces) in pos.pieces.iter().enumerate() {
        let sets = leaper_attacks(pieces, empty);
        for set in sets {
            total[color] += set.count_ones() as i32;
        }
        leaped[color] = sets;
    }
    let base = total[me] - total[1 - me];
    let mut best: Option<(i32, Move)> = None;
    // Per target square: the difference once the square is taken, and the runs from it.
    let mut taken = [0i32; 64];
    let mut lines = [[0i32; 2]; 64];
    for square in crate::board::squares(all_targets) {
        let at = square.index();
        let mut loss = [0i32; 2];
        let mut line = [0i32; 2];
        for i in 0..8 {
            let [ones, twos, fours] = runs[i];
            let len = ((ones >> at) & 1) + 2 * ((twos >> at) & 1) + 4 * ((fours >> at) & 1);
            let len = len as i32;
            line[i / 4] += len;
            loss[0] += ((fills[i][0] >> at) & 1) as i32 * (1 + len);
            loss[1] += ((fills[i][1] >> at) & 1) as i32 * (1 + len);
        }
        for color in 0..2 {
            for set in leaped[color] {
                loss[color] += ((set >> at) & 1) as i32;
            }
        }
        taken[at] = base - loss[me] + loss[1 - me];
        lines[at] = line;
    }
    for kind in Kind::ALL {
        for square in crate::board::squares(plan.target_bits(kind)) {
            let at = square.index();
            let [orthogonal_run, diagonal_run] = lines[at];
            let own = match kind {
                Kind::King => (LEAPER_TABLES.king[at] & empty).count_ones() as i32,
                Kind::Knight => (LEAPER_TABLES.knight[at] & empty).count_ones() as i32,
                Kind::Rook => orthogonal_run,
                Kind::Bishop => diagonal_run,
                Kind::Queen => orthogonal_run + diagonal_run,
            };
            let value = taken[at] + own;
            if best.is_none_or(|(b, _)| value > b) {
                best = Some((value, Move::new(kind, square)));
            }
        }
    }
    best
}

/// The final score difference for the side to move of `pos` when both sides place greedily
/// (each placement the one with the best running score difference after it, the first such
/// in generation order) to the end: the solver's first guess. Measured on 15 seeded positions
/// 8–10 placements from the end, it was off the true value by 3.4 points on average, the
/// running score by 7.5.
pub(crate) fn greedy_playout(pos: &Position) -> i32 {
    greedy_plies(pos, u32::MAX)
}

/// The running score difference for the side to move of `pos` after at most `plies` greedy
/// placements (see [`greedy_playout`]).
pub(crate) fn greedy_plies(pos: &Position, plies: u32) -> i32 {
    let current = greedy_settle(pos, plies);
    let value = running_difference(&current);
    if current.side_to_move() == pos.side_to_move() {
        value
    } else {
        -value
    }
}

/// The position after at most `plies` greedy placements from `pos`.
pub(crate) fn greedy_settle(pos: &Position, plies: u32) -> Position {
    let mut current = *pos;
    for _ in 0..plies {
        match greedy_best(&current) {
            Some((_, mv)) => current.place_unchecked(mv),
            None => break,
        }
    }
    current
}

/// [`greedy_settle`] the plain way, placing every candidate and scoring the child: the
/// reference [`greedy_best`] is tested against.
#[cfg(test)]
pub(crate) fn greedy_settle_plain(pos: &Position, plies: u32) -> Position {
    let mut current = *pos;
    for _ in 0..plies {
        let plan = crate::movegen::placements(&current);
        let mut best: Option<(i32, Move)> = None;
        for kind in Kind::ALL {
            for square in crate::board::squares(plan.target_bits(kind)) {
                let mv = Move::new(kind, square);
                let mut child = current;
                child.place_unchecked(mv);
                let value = -running_difference(&child);
                if best.is_none_or(|(b, _)| value > b) {
                    best = Some((value, mv));
                }
            }
        }
        match best {
            Some((_, mv)) => current.place_unchecked(mv),
            None => break,
        }
    }
    current
}

/// `color`'s score: the number of (own piece, attacked empty square) pairs.
#[cfg(test)]
pub(crate) fn score(pos: &Position, color: crate::Color) -> u32 {
    scores(pos)[color.index()]
}

/// The squares the piece on `sq` attacks (empty when the square is empty): chess attacks, the
/// sliders' rays stopping at the first piece of either colour.
pub(crate) fn attacks_from(pos: &Position, sq: Square) -> Bitboard {
    let occupied = pos.occupied_bits();
    match pos.piece_at(sq).map(|p| (p.color, p.kind)) {
        None => 0,
        Some((_, Kind::King)) => king_attacks(sq),
        Some((_, Kind::Knight)) => knight_attacks(sq),
        Some((_, Kind::Rook)) => rook_attacks(sq, occupied),
        Some((_, Kind::Bishop)) => bishop_attacks(sq, occupied),
        Some((_, Kind::Queen)) => queen_attacks(sq, occupied),
    }
}

/// The points the piece on `sq` earns: the empty squares it attacks (0 for an empty square).
pub(crate) fn piece_points(pos: &Position, sq: Square) -> u32 {
    (attacks_from(pos, sq) & pos.empty_bits()).count_ones()
}

/// `color`'s score counted piece by piece (slow and plain; equal to [`score`]).
#[cfg(test)]
pub(crate) fn score_by_pieces(pos: &Position, color: crate::Color) -> u32 {
    crate::board::squares(pos.color_bits(color))
        .map(|sq| piece_points(pos, sq))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Color;
    use game_core::Game;

    fn pos(text: &str) -> Position {
        text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn greedy_best_chooses_as_placing_and_scoring_every_child() {
        // Random positions at every stage: the split score (square taken, then the new
        // piece's attacks) must give the plain way's values, and so the same greedy line.
        // Under miri (which checks the table lookups and shifts, not the arithmetic) a few
        // games: 300 take it hours.
        let games = if cfg!(miri) { 2 } else { 300 };
        let mut rng = game_core::Rng::new(17);
        for _ in 0..games {
            let mut pos = Position::start();
            while crate::movegen::placements(&pos).any() {
                let plain = greedy_settle_plain(&pos, u32::MAX);
                assert_eq!(greedy_settle(&pos, u32::MAX), plain, "{pos}");
                if let Some((value, mv)) = greedy_best(&pos) {
                    let mut child = pos;
                    child.place_unchecked(mv);
                    assert_eq!(value, -running_difference(&child), "{pos} {mv}");
                }
                let moves = pos.legal_moves();
                pos.place_unchecked(*rng.choose(&moves).expect("a move"));
            }
        }
    }

    #[test]
    fn empty_board_scores_nothing() {
        assert_eq!(scores(&Position::start()), [0, 0]);
    }

    #[test]
    fn lone_king_in_the_middle_scores_eight_in_the_corner_three() {
        assert_eq!(score(&pos("8/8/8/8/4K3/8/8/8 b e4"), Color::White), 8);
        assert_eq!(score(&pos("8/8/8/8/8/8/8/K7 b a1"), Color::White), 3);
    }

    /// The seed's kind of count. Placed in this order: White king e4; Black knight d3 (touches
    /// the king); White queen e3 (touches the knight); Black queen e2 (answering the queen
    /// call, touching the white queen). Counted by hand:
    ///
    /// White king e4: neighbours d3 (black knight) and e3 (white queen) are taken; the other
    /// six are empty: f3 d4 f4 d5 e5 f5 — 6.
    /// White queen e3: north e4 own king (0); south e2 black queen (0); east f3 g3 h3 (3);
    /// west d3 black knight (0); north-east f4 g5 h6 (3); north-west d4 c5 b6 a7 (4);
    /// south-east f2 g1 (2); south-west d2 c1 (2) — 14.
    /// White: 6 + 14 = 20 points. Squares attacked by both: f3, f4, d4 — three, so the
    /// distinct squares are 20 − 3 = 17: the seed's "17 squares, three of them twice, 20".
    /// Black knight d3: e5 f4 f2 e1 c1 b2 b4 c5, all empty — 8.
    /// Black queen e2: north e3 taken (0); south e1 (1); east f2 g2 h2 (3); west d2 c2 b2 a2
    /// (4); north-east f3 g4 h5 (3); north-west d3 own knight (0); south-east f1 (1);
    /// south-west d1 (1) — 13. Black: 8 + 13 = 21.
    #[test]
    fn seeds_count_seventeen_squares_three_twice_twenty_points() {
        let p = pos("8/8/8/8/4K3/3nQ3/4q3/8 w e2");
        assert_eq!(score(&p, Color::White), 20);
        assert_eq!(score(&p, Color::Black), 21);
        let white_king = attacks_from(&p, "e4".parse().unwrap()) & p.empty_bits();
        let white_queen = attacks_from(&p, "e3".parse().unwrap()) & p.empty_bits();
        assert_eq!((white_king | white_queen).count_ones(), 17);
        assert_eq!((white_king & white_queen).count_ones(), 3);
        assert_eq!(score_by_pieces(&p, Color::White), 20);
    }

    /// Two rooks of one side facing each other on a file, a bishop pair and a knight pair whose
    /// jumps meet, built square by square (no rule is checked). White: rooks a1 and a8, bishops
    /// c1 and f1, knights d4 and f4, king h4. Black: nothing. Counted by hand:
    /// rook a1: north a2…a7 (6, stops before a8), east b1 (1, stops at c1) — 7.
    /// rook a8: south a7…a2 (6), east b8…h8 (7) — 13.
    /// bishop c1: north-west b2 a3 (2); north-east d2 e3 (e3 … f4 is a knight: 2) — 4.
    /// bishop f1: north-west e2 d3 c4 b5 a6 (5); north-east g2 h3 (2) — 7.
    /// knight d4: b3 b5 c2 c6 e2 e6 f3 f5 — 8. knight f4: d3 d5 e2 e6 g2 g6 h3 h5 — 8.
    /// king h4: g3 g4 g5 h3 h5 — 5.
    /// Total 7 + 13 + 4 + 7 + 8 + 8 + 5 = 52.
    #[test]
    fn hand_counted_rooks_facing_each_other_count_twice() {
        let mut p = Position::start();
        for (kind, sq) in [
            (Kind::Rook, "a1"),
            (Kind::Rook, "a8"),
            (Kind::Bishop, "c1"),
            (Kind::Bishop, "f1"),
            (Kind::Knight, "d4"),
            (Kind::Knight, "f4"),
            (Kind::King, "h4"),
        ] {
            p.put(Color::White, kind, sq.parse().unwrap());
        }
        assert_eq!(score(&p, Color::White), 52);
        assert_eq!(score_by_pieces(&p, Color::White), 52);
        assert_eq!(score(&p, Color::Black), 0);
    }
}
