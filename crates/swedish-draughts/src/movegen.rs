//! Legal move generation: quiet moves by bitboard shifts, capture sequences by a depth-first
//! search over jumps, the maximum-capture rule over all pieces, duplicates merged.
//!
//! Every function is generic over the board [`Geometry`], so each size gets code with
//! constant shifts; [`Position`] dispatches once per call.

use arrayvec::ArrayVec;
use game_core::{Bits, MoveBuffer};

use crate::board::{shift, Eight, Geometry, SquareNumber, Ten, E, N, NE, NONE, NW, S, SE, SW, W};
use crate::position::{Color, Move, Position};
use alloc::vec::Vec;

mod legality;

/// The longest possible capture sequence, in jumps: the size of the search's landing-square
/// buffer (`Search::path`).
///
/// Why no sequence can be longer: every jump captures exactly one enemy piece that is still
/// alive (`alive = them & !captured` in `Search::man` and `Search::dame_dir`), so a sequence
/// has at most as many jumps as the opponent has pieces. A `Position` holds at most
/// `Geometry::MEN` pieces per side — 20 on 10x10, 12 on 8x8 — because the only ways to make
/// one are the start positions, which have exactly that many, the position-string parser,
/// which refuses a side with more (`parse_list`), serde, which goes through the parser, and
/// playing a move, which never adds a piece (`Game::play_unchecked` ignores a move that does
/// not start on a piece of the side to move or ends on an occupied square, and removes only
/// the opponent's pieces, so not even an illegal move can add one). So `path[depth]` is written only for
/// `depth < 20`, and a buffer of 20 entries cannot overflow.
pub(crate) const MAX_CHAIN: usize = Ten::MEN as usize;

// The bound must cover both boards.
const _: () = assert!(Eight::MEN <= Ten::MEN);

/// The bitboards of one side's view of a position.
#[derive(Clone, Copy)]
struct View {
    white: bool,
    men: u64,
    dames: u64,
    them: u64,
    empty: u64,
}

#[inline(always)]
fn view<G: Geometry, const WHITE: bool>(pos: &Position) -> View {
    let white = WHITE;
    let (us, them) = if white {
        (pos.white, pos.black)
    } else {
        (pos.black, pos.white)
    };
    View {
        white,
        men: us & !pos.dames,
        dames: us & pos.dames,
        them,
        empty: G::BOARD & !(us | them),
    }
}

/// The shifts of a man's two forward diagonals for the side in `v`.
#[inline(always)]
fn forward_shifts<G: Geometry>(white: bool) -> (i32, i32) {
    let r = G::R as i32;
    if white {
        (-(r + 1), -r)
    } else {
        (r, r + 1)
    }
}

/// The shifts of the four diagonals.
#[inline(always)]
fn diagonal_shifts<G: Geometry>() -> [i32; 4] {
    let r = G::R as i32;
    [-(r + 1), -r, r, r + 1]
}

/// Whether the side to move has an immediate (first-jump) capture, which makes capturing
/// compulsory. A first jump is always diagonal: forward for a man, any diagonal for a dame
/// (`deferred_orthogonal_capture`: no orthogonal jump may start a sequence).
#[inline(always)]
fn has_capture<G: Geometry>(v: &View) -> bool {
    let (a, b) = forward_shifts::<G>(v.white);
    if shift(shift(v.men, a) & v.them, a) & v.empty != 0
        || shift(shift(v.men, b) & v.them, b) & v.empty != 0
    {
        return true;
    }
    if v.dames != 0 {
        for d in diagonal_shifts::<G>() {
            // Fly over empty squares; the first piece met in each ray is a victim candidate.
            let mut ray = shift(v.dames, d);
            let mut met = 0;
            while ray != 0 {
                met |= ray & v.them;
                ray = shift(ray & v.empty, d);
            }
            if shift(met, d) & v.empty != 0 {
                return true;
            }
        }
    }
    false
}

/// The number of quiet (non-capturing) moves.
#[inline(always)]
fn count_quiet<G: Geometry>(v: &View) -> usize {
    let (a, b) = forward_shifts::<G>(v.white);
    let mut n = (shift(v.men, a) & v.empty).count_ones() + (shift(v.men, b) & v.empty).count_ones();
    if v.dames != 0 {
        for d in diagonal_shifts::<G>() {
            let mut ray = shift(v.dames, d) & v.empty;
            while ray != 0 {
                n += ray.count_ones();
                ray = shift(ray, d) & v.empty;
            }
        }
    }
    n as usize
}

#[inline(always)]
fn quiet_moves<G: Geometry>(v: &View, eight: bool, moves: &mut impl MoveBuffer<Move>) {
    let (a, b) = forward_shifts::<G>(v.white);
    for d in [a, b] {
        for to in Bits(shift(v.men, d) & v.empty) {
            let to = to as u8;
            moves.push(Move {
                captured: 0,
                from: (to as i32 - d) as u8,
                to,
                eight,
            });
        }
    }
    let nb = G::neighbours();
    for from in Bits(v.dames) {
        let from = from as u8;
        for dir in [NW, NE, SW, SE] {
            // long dame: any number of empty squares along one diagonal.
            let mut to = nb[dir][from as usize];
            while to != NONE && v.empty & (1 << to) != 0 {
                moves.push(Move {
                    captured: 0,
                    from,
                    to,
                    eight,
                });
                to = nb[dir][to as usize];
            }
        }
    }
}

/// Receives each complete capture sequence of the search.
pub(crate) trait Sink {
    /// Whether the sink only needs each *move* (start, end, captured set) once, not every
    /// route to it. Then the search may skip a dame state it has already searched
    /// ([`SeenStates`]); a sink that wants every route (notation) says `false`.
    const MOVES_ONLY: bool;

    /// A sequence from `from` to `to` capturing `captured`; `path` holds its landing squares
    /// (bits), the last one being `to`.
    fn found(&mut self, from: u8, to: u8, captured: u64, path: &[u8]);
}

/// The fast sink: keeps only the sequences of the largest length, each move once (the
/// maximum-capture rule), in a [`MoveBuffer`] it clears first (the generator's buffer, or the
/// learning code's list on the stack).
pub(crate) struct MaxSink<'a, S: MoveBuffer<Move>> {
    moves: &'a mut S,
    best: u32,
    eight: bool,
}

impl<'a, S: MoveBuffer<Move>> MaxSink<'a, S> {
    /// A sink filling `moves` (cleared) with the legal captures of a board of size `eight`.
    #[inline]
    pub(crate) fn new(moves: &'a mut S, eight: bool) -> Self {
        moves.clear();
        MaxSink {
            moves,
            best: 0,
            eight,
        }
    }
}

impl<S: MoveBuffer<Move>> Sink for MaxSink<'_, S> {
    const MOVES_ONLY: bool = true;

    #[inline]
    fn found(&mut self, from: u8, to: u8, captured: u64, path: &[u8]) {
        let count = path.len() as u32;
        if count > self.best {
            // maximum_capture: a longer sequence than any seen so far replaces them all.
            self.best = count;
            self.moves.clear();
        } else if count < self.best
            || (count > 1
                && self
                    .moves
                    .iter()
                    .any(|m| m.captured == captured && m.from == from && m.to == to))
        {
            // (Single captures never repeat: each has its own piece and victim.)
            // Shorter, or the same move by another route (move identity: start, end, set).
            return;
        }
        self.moves.push(Move {
            captured,
            from,
            to,
            eight: self.eight,
        });
    }
}

/// The slots of [`SeenStates`] (a power of two).
const SEEN_SLOTS: usize = 1024;

/// The dame states (square, captured set, whether it may halt here) that the capture search of
/// one dame has already searched.
///
/// A flying dame can reach the same square with the same captured set along many routes (take
/// A then B, or B then A; land on any of several squares between two victims…), and the
/// number of routes grows exponentially with the pieces on the board: one white dame against
/// 20 black pieces took seconds in a debug build. What a state leads to depends only on the
/// state and on the capturing piece, so a state seen before adds no new *move*: for sinks
/// that keep moves only ([`Sink::MOVES_ONLY`]) the search skips it.
///
/// The table is direct-mapped and lossy: a slot holds the last state hashed to it, so a
/// forgotten state is searched again (slower, never wrong: a state is skipped only when it is
/// found exactly). Its 1024 slots (9 KiB on the stack) are set up only when a dame's sequence
/// reaches two jumps, once per generation; `piece` tells the dames apart without clearing it.
struct SeenStates {
    keys: [u64; SEEN_SLOTS],
    piece: [u8; SEEN_SLOTS],
    current: u8,
}

impl SeenStates {
    fn new() -> Self {
        SeenStates {
            keys: [0; SEEN_SLOTS],
            piece: [0; SEEN_SLOTS],
            current: 0,
        }
    }

    /// Starts the states of the next capturing dame.
    fn next_piece(&mut self) {
        // At most 20 dames per side (`Geometry::MEN`), so the tag never wraps to 0.
        self.current = self.current.wrapping_add(1);
    }

    /// Records the state; whether it had been recorded already for this dame.
    #[inline]
    fn seen_before(&mut self, sq: u8, captured: u64, halt_allowed: bool) -> bool {
        // The board uses bits 0..=53 (10x10), so bits 56.. are free for the square and the
        // flag: the key is exact, and bit 63 keeps it from ever being 0.
        let key = captured | u64::from(sq) << 56 | u64::from(halt_allowed) << 62 | 1 << 63;
        let slot = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 54) as usize % SEEN_SLOTS;
        if self.piece[slot] == self.current && self.keys[slot] == key {
            return true;
        }
        self.keys[slot] = key;
        self.piece[slot] = self.current;
        false
    }
}

// The squares of the key above must stay clear of the board's bits.
const _: () = assert!(Ten::BOARD >> 56 == 0 && Eight::BOARD >> 56 == 0);

/// The state of a capture search of one side; `from` and `occupied` are set per piece.
struct Search<'a, S: Sink> {
    /// Every piece on the board except the capturing one: its start square counts as empty
    /// (`start_square_empty`), captured pieces stay and block (`captured_pieces_block`).
    occupied: u64,
    them: u64,
    from: u8,
    path: [u8; MAX_CHAIN],
    sink: &'a mut S,
    /// The dame states searched so far, set up the first time a dame reaches a state that
    /// two routes could share (so most generations never pay for the table).
    seen: Option<SeenStates>,
}

impl<S: Sink> Search<'_, S> {
    /// Jumps of a man of colour `WHITE` standing on `sq` after `depth` ≥ 1 captures (the
    /// first jump, diagonally forward only, is made by `search_captures_view`). Later jumps
    /// may also go orthogonally forward or sideways (`deferred_orthogonal_capture`), never
    /// backwards (`man_never_captures_backwards`).
    fn man<G: Geometry, const WHITE: bool>(&mut self, sq: u8, captured: u64, depth: usize) {
        let r = G::R as i32;
        // Forward diagonals and forward along the file, then the two sideways directions.
        let (d0, d1, d2, j0, j1, j2) = if WHITE {
            (
                -(r + 1),
                -r,
                -(2 * r + 1),
                G::JUMP[NW],
                G::JUMP[NE],
                G::JUMP[N],
            )
        } else {
            (r, r + 1, 2 * r + 1, G::JUMP[SW], G::JUMP[SE], G::JUMP[S])
        };
        let at = 1u64 << sq;
        // no_double_capture: a captured piece is still there but cannot be jumped again.
        let alive = self.them & !captured;
        let empty = G::BOARD & !self.occupied;
        let v0 = shift(at & j0, d0) & alive;
        let l0 = shift(v0, d0) & empty;
        let v1 = shift(at & j1, d1) & alive;
        let l1 = shift(v1, d1) & empty;
        let v2 = shift(at & j2, d2) & alive;
        let l2 = shift(v2, d2) & empty;
        let v3 = shift(at & G::JUMP[W], -1) & alive;
        let l3 = shift(v3, -1) & empty;
        let v4 = shift(at & G::JUMP[E], 1) & alive;
        let l4 = shift(v4, 1) & empty;
        if l0 | l1 | l2 | l3 | l4 == 0 {
            // A man that reaches the far rank mid-sequence stays a man and goes on (sideways)
            // as long as it can; the sequence ends only where no jump is left.
            self.sink
                .found(self.from, sq, captured, &self.path[..depth]);
            return;
        }
        for (victim, land) in [(v0, l0), (v1, l1), (v2, l2), (v3, l3), (v4, l4)] {
            if land != 0 {
                let land = land.trailing_zeros() as u8;
                self.path[depth] = land;
                self.man::<G, WHITE>(land, captured | victim, depth + 1);
            }
        }
    }

    /// Jumps of a dame standing on `sq` after `depth` captures; `halt_allowed` says whether
    /// the last jump landed directly behind its victim. A flying dame jumps one piece at the
    /// end of a run of empty squares; the first jump is diagonal only, later ones may be
    /// orthogonal too (`deferred_orthogonal_capture`). It may land anywhere behind the
    /// victim up to the next piece, but the sequence may only END directly behind the last
    /// captured piece (`halt_rule`).
    fn dame<G: Geometry>(&mut self, sq: u8, captured: u64, depth: usize, halt_allowed: bool) {
        // Two different routes reach the same state only after two jumps or more.
        if S::MOVES_ONLY
            && depth >= 2
            && self
                .seen
                .get_or_insert_with(SeenStates::new)
                .seen_before(sq, captured, halt_allowed)
        {
            return;
        }
        let alive = self.them & !captured;
        // Unrolled over the directions so that each one's ray order is a constant.
        let mut jumped = self.dame_dir::<G, NW>(sq, captured, alive, depth)
            | self.dame_dir::<G, NE>(sq, captured, alive, depth)
            | self.dame_dir::<G, SW>(sq, captured, alive, depth)
            | self.dame_dir::<G, SE>(sq, captured, alive, depth);
        if depth > 0 {
            jumped |= self.dame_dir::<G, N>(sq, captured, alive, depth)
                | self.dame_dir::<G, { crate::board::S }>(sq, captured, alive, depth)
                | self.dame_dir::<G, W>(sq, captured, alive, depth)
                | self.dame_dir::<G, E>(sq, captured, alive, depth);
        }
        if !jumped && depth > 0 && halt_allowed {
            self.sink
                .found(self.from, sq, captured, &self.path[..depth]);
        }
    }

    /// The dame's jumps in direction `DIR` (searched on from each landing); whether any.
    #[inline(always)]
    fn dame_dir<G: Geometry, const DIR: usize>(
        &mut self,
        sq: u8,
        captured: u64,
        alive: u64,
        depth: usize,
    ) -> bool {
        let rays = &G::rays()[DIR];
        let (by, _) = G::STEP[DIR];
        // Fly over empty squares to the first piece in this direction.
        let blockers = rays[sq as usize] & self.occupied;
        if blockers == 0 {
            return false;
        }
        let victim_sq = nearest(blockers, by);
        let victim = 1u64 << victim_sq;
        if victim & alive == 0 {
            return false;
        }
        // The landing squares: empty squares behind the victim up to the next piece.
        let beyond = rays[victim_sq as usize];
        let next = beyond & self.occupied;
        let mut landings = if next == 0 {
            beyond
        } else {
            let stop = nearest(next, by);
            beyond & !rays[stop as usize] & !(1u64 << stop)
        };
        let jumped = landings != 0;
        let mut directly_behind = true;
        while landings != 0 {
            let land = nearest(landings, by);
            landings &= !(1u64 << land);
            self.path[depth] = land;
            self.dame::<G>(land, captured | victim, depth + 1, directly_behind);
            directly_behind = false;
        }
        jumped
    }
}

/// The square of `set` nearest to the origin of a ray that runs in the direction of `by`
/// (towards higher bits when `by` is positive).
#[inline(always)]
fn nearest(set: u64, by: i32) -> u8 {
    if by > 0 {
        set.trailing_zeros() as u8
    } else {
        63 - set.leading_zeros() as u8
    }
}

/// Runs the capture search from every piece of the side to move into `sink`.
pub(crate) fn search_captures<G: Geometry, S: Sink>(pos: &Position, sink: &mut S) {
    if pos.side == Color::White {
        let v = view::<G, true>(pos);
        search_captures_view::<G, true, S>(&v, G::BOARD & !v.empty, sink);
    } else {
        let v = view::<G, false>(pos);
        search_captures_view::<G, false, S>(&v, G::BOARD & !v.empty, sink);
    }
}

#[inline(always)]
fn search_captures_view<G: Geometry, const WHITE: bool, S: Sink>(v: &View, all: u64, sink: &mut S) {
    let (a, b) = forward_shifts::<G>(v.white);
    let mut search = Search {
        occupied: all,
        them: v.them,
        from: 0,
        path: [0; MAX_CHAIN],
        sink,
        seen: None,
    };
    // The first jump of a man: diagonally forward only.
    for by in [a, b] {
        let jumpers = shift(shift(v.empty, -by) & v.them, -by) & v.men;
        for from in Bits(jumpers) {
            let from = from as u8;
            search.occupied = all & !(1 << from);
            search.from = from;
            let victim = shift(1 << from, by);
            let land = (from as i32 + 2 * by) as u8;
            search.path[0] = land;
            search.man::<G, WHITE>(land, victim, 1);
        }
    }
    for from in Bits(v.dames) {
        let from = from as u8;
        search.occupied = all & !(1 << from);
        search.from = from;
        if let Some(seen) = search.seen.as_mut() {
            seen.next_piece();
        }
        search.dame::<G>(from, 0, 0, false);
    }
}

/// Fills `moves` with the legal moves of `pos`.
#[inline]
pub(crate) fn legal_moves<G: Geometry>(pos: &Position, moves: &mut impl MoveBuffer<Move>) {
    if pos.side == Color::White {
        legal_moves_of::<G, true>(pos, moves);
    } else {
        legal_moves_of::<G, false>(pos, moves);
    }
}

fn legal_moves_of<G: Geometry, const WHITE: bool>(
    pos: &Position,
    moves: &mut impl MoveBuffer<Move>,
) {
    moves.clear();
    let v = view::<G, WHITE>(pos);
    if has_capture::<G>(&v) {
        let mut sink = MaxSink::new(moves, pos.eight);
        search_captures_view::<G, WHITE, _>(&v, G::BOARD & !v.empty, &mut sink);
    } else {
        quiet_moves::<G>(&v, pos.eight, moves);
    }
}

/// The number of legal moves of `pos`: bit counting when there is no capture.
#[inline]
pub(crate) fn count_moves<G: Geometry>(pos: &Position, scratch: &mut Vec<Move>) -> usize {
    if pos.side == Color::White {
        count_moves_of::<G, true>(pos, scratch)
    } else {
        count_moves_of::<G, false>(pos, scratch)
    }
}

fn count_moves_of<G: Geometry, const WHITE: bool>(
    pos: &Position,
    scratch: &mut Vec<Move>,
) -> usize {
    let v = view::<G, WHITE>(pos);
    if has_capture::<G>(&v) {
        if let Some(count) = count_single_captures::<G, WHITE>(&v) {
            return count;
        }
        let mut sink = MaxSink::new(scratch, pos.eight);
        search_captures_view::<G, WHITE, _>(&v, G::BOARD & !v.empty, &mut sink);
        scratch.len()
    } else {
        count_quiet::<G>(&v)
    }
}

/// The number of captures when, by whole-board shifts, no capture can be longer than one
/// jump; `None` when one might be (or the side has a dame), and the route search must count.
///
/// Every man's first jump is diagonally forward (`deferred_orthogonal_capture`), so the jumps
/// are the men with an enemy piece ahead and an empty square behind it, one bit per man and
/// direction. A sequence goes on only where a man, landed, finds an enemy piece next to it in
/// one of its five later directions (forward diagonals, forward along the file, sideways) with
/// a free square behind. That is tested for all landing squares at once, and generously —
/// every enemy piece counts, and the squares the jumping men left count as free — so a `Some`
/// is exact: each jump is then a whole capture of one piece, every capture is as long as the
/// longest (`maximum_capture`), and no two share start, direction and victim. Perft's last ply
/// counts most capture positions this way, without the search's buffers and calls.
#[inline(always)]
fn count_single_captures<G: Geometry, const WHITE: bool>(v: &View) -> Option<usize> {
    if v.dames != 0 {
        return None;
    }
    let r = G::R as i32;
    let (a, b) = forward_shifts::<G>(WHITE);
    let jumpers_a = shift(shift(v.empty, -a) & v.them, -a) & v.men;
    let jumpers_b = shift(shift(v.empty, -b) & v.them, -b) & v.men;
    let landed = shift(jumpers_a, 2 * a) | shift(jumpers_b, 2 * b);
    let free = v.empty | jumpers_a | jumpers_b;
    // The later directions of `Search::man`, with the squares a jump in each may start from.
    let onward = if WHITE {
        [
            (G::JUMP[NW], -(r + 1)),
            (G::JUMP[NE], -r),
            (G::JUMP[N], -(2 * r + 1)),
            (G::JUMP[W], -1),
            (G::JUMP[E], 1),
        ]
    } else {
        [
            (G::JUMP[SW], r),
            (G::JUMP[SE], r + 1),
            (G::JUMP[S], 2 * r + 1),
            (G::JUMP[W], -1),
            (G::JUMP[E], 1),
        ]
    };
    let mut goes_on = 0;
    for (from, by) in onward {
        goes_on |= shift(shift(landed & from, by) & v.them, by) & free;
    }
    if goes_on != 0 {
        return None;
    }
    Some((jumpers_a.count_ones() + jumpers_b.count_ones()) as usize)
}

/// Whether the side to move has any legal move.
pub(crate) fn has_moves<G: Geometry>(pos: &Position) -> bool {
    let v = if pos.side == Color::White {
        view::<G, true>(pos)
    } else {
        view::<G, false>(pos)
    };
    has_capture::<G>(&v) || count_quiet::<G>(&v) > 0
}

/// Whether the side to move must capture (it has a first jump somewhere): then its legal
/// moves are the longest capture sequences, else its quiet moves.
pub(crate) fn must_capture<G: Geometry>(pos: &Position) -> bool {
    let v = if pos.side == Color::White {
        view::<G, true>(pos)
    } else {
        view::<G, false>(pos)
    };
    has_capture::<G>(&v)
}

/// Whether a quiet move is legal: no capture anywhere, and the piece can step or fly there.
pub(crate) fn is_legal_quiet<G: Geometry>(pos: &Position, mv: Move) -> bool {
    let v = if pos.side == Color::White {
        view::<G, true>(pos)
    } else {
        view::<G, false>(pos)
    };
    let from = 1u64 << mv.from;
    let to = 1u64 << mv.to;
    if mv.captured != 0 || v.empty & to == 0 || has_capture::<G>(&v) {
        return false;
    }
    let nb = G::neighbours();
    if v.men & from != 0 {
        let dirs = if v.white { [NW, NE] } else { [SW, SE] };
        dirs.iter().any(|&dir| nb[dir][mv.from as usize] == mv.to)
    } else if v.dames & from != 0 {
        [NW, NE, SW, SE].iter().any(|&dir| {
            let mut sq = nb[dir][mv.from as usize];
            while sq != NONE && v.empty & (1 << sq) != 0 {
                if sq == mv.to {
                    return true;
                }
                sq = nb[dir][sq as usize];
            }
            false
        })
    } else {
        false
    }
}

/// A capture route as square numbers: the start, then every landing square. At most
/// [`MAX_CHAIN`] jumps, so it lives inline: notation lists every route of the longest
/// captures, and a route needs no allocation of its own.
pub(crate) type Route = ArrayVec<SquareNumber, { MAX_CHAIN + 1 }>;

/// A sink that keeps every route of the longest sequences, for notation.
pub(crate) struct RouteSink {
    /// The square number of each bit of the board.
    squares: &'static [SquareNumber; 64],
    /// Whether the board is 8x8 (the moves say so).
    eight: bool,
    best: usize,
    /// Each route of the longest length, with its move.
    routes: Vec<(Move, Route)>,
}

impl Sink for RouteSink {
    const MOVES_ONLY: bool = false;

    fn found(&mut self, from: u8, to: u8, captured: u64, path: &[u8]) {
        if path.len() > self.best {
            self.best = path.len();
            self.routes.clear();
        }
        if path.len() == self.best {
            let mut route = Route::new();
            // The search writes at most MAX_CHAIN landing squares (see there), so every
            // square fits; `take` only keeps that promise visible here.
            for &bit in core::iter::once(&from).chain(path).take(MAX_CHAIN + 1) {
                route.push(self.squares[usize::from(bit & 63)]);
            }
            let mv = Move {
                captured,
                from,
                to,
                eight: self.eight,
            };
            self.routes.push((mv, route));
        }
    }
}

/// Every route of every legal capture, as square numbers: (move, [start, landing squares…]).
/// Empty when there is no capture. For notation only (the list itself allocates).
pub(crate) fn capture_routes<G: Geometry>(pos: &Position) -> Vec<(Move, Route)> {
    let mut sink = RouteSink {
        squares: G::square_of_bit(),
        eight: pos.eight,
        best: 0,
        routes: Vec::new(),
    };
    search_captures::<G, _>(pos, &mut sink);
    sink.routes
}

#[cfg(test)]
mod tests {
    //! One test per capture rule of the rules page, each on a hand-built 10x10 position with
    //! the expected moves worked out by hand (square names in the comments: 33 is f4, 28 e5,
    //! 23 f6, 22 d6, 18 e7, 14 h8, 4 h10, 46 a1, 37 c3).

    use crate::{Color, Game, Kind, ParseMoveError, Piece, Position, Square};

    fn square(number: u8) -> Square {
        Square::from_number(number).expect("a square number")
    }

    /// The legal moves as `from-to` / `fromxto {captured}`, sorted.
    fn moves(text: &str) -> Vec<String> {
        let pos: Position = text.parse().expect("valid position");
        let mut list: Vec<String> = pos.legal_moves().iter().map(|m| format!("{m:?}")).collect();
        list.sort();
        list
    }

    #[test]
    fn man_first_jump_is_diagonal_forward_only() {
        // The black man on 23 stands straight ahead of 33, two ranks up: no immediate
        // orthogonal capture, so White just steps.
        assert_eq!(moves("W:W33:B23"), ["33-28", "33-29"]);
        // A piece diagonally behind cannot be captured either.
        assert_eq!(moves("W:W28:B33"), ["28-22", "28-23"]);
    }

    #[test]
    fn deferred_orthogonal_capture_by_a_man() {
        // 33x22 (over 28), sideways over 23 to 24, forward along the file over 14 to 4.
        assert_eq!(moves("W:W33:B14,23,28"), ["33x4 {14,23,28}"]);
    }

    #[test]
    fn man_captures_westward_later_in_a_sequence() {
        // 34x23 over 29, then west over 22 to 21.
        assert_eq!(moves("W:W34:B22,29"), ["34x21 {22,29}"]);
    }

    #[test]
    fn man_never_captures_backwards() {
        // After 33x22 the man has 27 diagonally behind and 32 straight behind it, with empty
        // squares beyond: neither may be taken.
        assert_eq!(moves("W:W33:B27,28,32"), ["33x22 {28}"]);
    }

    #[test]
    fn man_on_far_rank_mid_sequence_stays_a_man_and_promotes_at_the_end() {
        // 13x2 over 8 reaches the far rank, goes on sideways over 3 to 4. As a man it cannot
        // take 10 (diagonally backwards from 4); as a dame it could. It ends on the far rank
        // and becomes a dame only then.
        let pos: Position = "W:W13:B3,8,10".parse().unwrap();
        assert_eq!(moves("W:W13:B3,8,10"), ["13x4 {3,8}"]);
        let mut after = pos;
        after.play(pos.legal_moves()[0]).unwrap();
        assert_eq!(
            after.piece_at(square(4)),
            Some(Piece::new(Color::White, Kind::Dame))
        );
    }

    #[test]
    fn man_that_does_not_end_on_far_rank_is_not_promoted() {
        let mut pos: Position = "W:W34:B22,29".parse().unwrap();
        pos.play(pos.legal_moves()[0]).unwrap();
        assert_eq!(
            pos.piece_at(square(21)),
            Some(Piece::new(Color::White, Kind::Man))
        );
    }

    #[test]
    fn dame_first_jump_is_diagonal_only() {
        // 18 is straight ahead of the dame on 28 (two ranks up the file): no capture; the
        // dame flies along its four diagonals: 4 + 5 + 4 + 4 squares.
        let list = moves("W:WK28:B18");
        assert_eq!(list.len(), 17);
        assert!(list.iter().all(|m| !m.contains('x')));
    }

    #[test]
    fn deferred_orthogonal_capture_by_a_dame() {
        // 28 over 23 to 19, then west along the rank over 18, halting on 17.
        assert_eq!(moves("W:WK28:B18,23"), ["28x17 {18,23}"]);
    }

    #[test]
    fn halt_rule_on_the_final_jump() {
        // Squares 32, 28, 23, … are empty behind 37, but the last jump halts directly behind.
        assert_eq!(moves("W:WK46:B37"), ["46x32 {37}"]);
    }

    #[test]
    fn intermediate_landings_may_be_far_behind() {
        // Over 37 the dame may land on 28, 23 or 19 to go on against 18 (orthogonally up the
        // file from 28, diagonally from 23, along the rank from 19), each time halting behind.
        assert_eq!(
            moves("W:WK46:B18,37"),
            ["46x12 {18,37}", "46x17 {18,37}", "46x8 {18,37}"]
        );
    }

    #[test]
    fn captured_pieces_stay_and_block() {
        // After taking 23 the dame cannot fly back over it to reach 37 (and vice versa):
        // two single captures, not one double.
        assert_eq!(moves("W:WK28:B23,37"), ["28x19 {23}", "28x41 {37}"]);
    }

    #[test]
    fn start_square_counts_as_empty_and_equal_routes_are_one_move() {
        // 28x19 (23), west over 18 to 17, then over 22 back onto 28, its own start square;
        // the reverse route 28x17x19x28 takes the same pieces: one move, printed short, with
        // the smallest route as its chain.
        let pos: Position = "W:WK28:B18,22,23".parse().unwrap();
        let list = pos.legal_moves();
        assert_eq!(list.len(), 1);
        assert_eq!(pos.move_text(list[0]), "28x28");
        assert_eq!(pos.move_chain_numbers(list[0]), Some(vec![28, 17, 19, 28]));
        assert_eq!(pos.parse_move("28x19x17x28"), Ok(list[0]));
        assert_eq!(pos.parse_move("28x17x19x28"), Ok(list[0]));
    }

    #[test]
    fn maximum_capture_over_all_pieces() {
        // 50x39 takes one; 33x4 takes three: only the latter is legal.
        assert_eq!(moves("W:W33,50:B14,23,28,44"), ["33x4 {14,23,28}"]);
    }

    #[test]
    fn men_and_dames_count_the_same() {
        // Taking two men beats taking one dame.
        assert_eq!(moves("W:W33,50:B23,28,K44"), ["33x24 {23,28}"]);
    }

    #[test]
    fn captures_sharing_start_and_end_print_full_chains() {
        // 33x22x13 (over 28 and 18) and 33x24x13 (over 29 and 19).
        let pos: Position = "W:W33:B18,19,28,29".parse().unwrap();
        let mut texts: Vec<String> = pos
            .legal_moves()
            .iter()
            .map(|&m| pos.move_text(m))
            .collect();
        texts.sort();
        assert_eq!(texts, ["33x22x13", "33x24x13"]);
        assert_eq!(
            pos.parse_move("33x13"),
            Err(ParseMoveError::ambiguous(
                "33x13",
                vec!["33x22x13".into(), "33x24x13".into()]
            ))
        );
    }

    #[test]
    fn capturing_is_compulsory() {
        // 32-27 would be legal without the capture 33x24 on the board.
        let pos: Position = "W:W32,33:B29".parse().unwrap();
        assert_eq!(moves("W:W32,33:B29"), ["33x24 {29}"]);
        assert!(pos.parse_move("32-27").is_err());
    }

    /// The move lists skip dame states searched before (`SeenStates`); the notation's route
    /// search does not. Both must give the same moves, on dame-rich positions where routes
    /// share states most.
    #[test]
    fn skipping_seen_dame_states_loses_no_move() {
        let mut rng = game_core::Rng::new(9);
        let mut compared = 0;
        for round in 0..300 {
            let mut order: Vec<u32> = (1..=50).collect();
            for i in (1..order.len()).rev() {
                order.swap(i, rng.below(i + 1));
            }
            let white = 1 + round % 4;
            let black = 8 + rng.below(13);
            let w: Vec<String> = order[..white].iter().map(|s| format!("K{s}")).collect();
            let b: Vec<String> = order[white..white + black]
                .iter()
                .map(|&s| {
                    if s > 45 || rng.below(2) == 0 {
                        format!("K{s}")
                    } else {
                        s.to_string()
                    }
                })
                .collect();
            let pos: Position = format!("W:W{}:B{}", w.join(","), b.join(","))
                .parse()
                .expect("valid");
            let mut from_routes: Vec<_> =
                pos.capture_routes().into_iter().map(|(m, _)| m).collect();
            from_routes.sort_by_key(|m| (m.from, m.to, m.captured));
            from_routes.dedup();
            let mut listed = pos.legal_moves();
            if !listed.iter().any(|m| m.is_capture()) {
                continue;
            }
            listed.sort_by_key(|m| (m.from, m.to, m.captured));
            assert_eq!(listed, from_routes, "{pos:?}");
            compared += 1;
        }
        assert!(compared > 100, "only {compared} positions with captures");
    }

    #[test]
    fn black_moves_down_the_board() {
        // Black's man on 18 steps to 22 or 23; with a white man on 23 and 29 empty it must take.
        assert_eq!(moves("B:W31:B18"), ["18-22", "18-23"]);
        assert_eq!(moves("B:W23:B18"), ["18x29 {23}"]);
    }
}
