//! The capture search: every capture sequence of the side to move, depth first over jumps
//! (men and flying dames, the rules' restrictions on each jump), into a [`Sink`] that keeps
//! what its caller needs: the longest moves ([`MaxSink`], the maximum-capture rule) or every
//! route of them ([`RouteSink`], for notation).

use arrayvec::ArrayVec;
use game_core::{Bits, MoveBuffer};

use super::single_jumps::man_jumpers;
use super::{forward_shifts, view, View};
use crate::board::{shift, Eight, Geometry, SquareNumber, Ten, E, N, NE, NW, S, SE, SW, W};
use crate::position::{Color, Move, Position};
use alloc::vec::Vec;

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

impl<S: MoveBuffer<Move>> MaxSink<'_, S> {
    /// The number of jumps of the longest sequence found so far (0 before the first).
    #[inline]
    pub(crate) fn longest(&self) -> u32 {
        self.best
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
/// number of routes grows exponentially with the pieces on the board (one white dame among
/// 20 black pieces has far too many to walk each). What a state leads to depends only on the
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

/// A man's next jumps: (victim, landing square) as bits per direction, the landing 0 where
/// there is no jump ([`Search::man_jumps`]).
type ManJumps = [(u64, u64); 5];

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
    /// The jumps a man of colour `WHITE` standing on `sq` can make next, having captured
    /// `captured`: (victim, landing square) as bits, one pair per direction, the landing 0
    /// where there is no jump. A later jump may also go orthogonally forward or sideways
    /// (`deferred_orthogonal_capture`), never backwards (`man_never_captures_backwards`).
    #[inline(always)]
    fn man_jumps<G: Geometry, const WHITE: bool>(&self, sq: u8, captured: u64) -> ManJumps {
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
        let v1 = shift(at & j1, d1) & alive;
        let v2 = shift(at & j2, d2) & alive;
        let v3 = shift(at & G::JUMP[W], -1) & alive;
        let v4 = shift(at & G::JUMP[E], 1) & alive;
        [
            (v0, shift(v0, d0) & empty),
            (v1, shift(v1, d1) & empty),
            (v2, shift(v2, d2) & empty),
            (v3, shift(v3, -1) & empty),
            (v4, shift(v4, 1) & empty),
        ]
    }

    /// Goes on with a man's sequence after `depth` ≥ 1 captures (`captured`), from a square
    /// whose next jumps are `jumps` ([`Search::man_jumps`], at least one of them a jump; the
    /// first jump, diagonally forward only, is made by [`search_captures_from`]). Each landing
    /// square's own jumps are worked out here, so a sequence that ends there (most of them)
    /// is reported without another call.
    fn man<G: Geometry, const WHITE: bool>(
        &mut self,
        jumps: ManJumps,
        captured: u64,
        depth: usize,
    ) {
        for (victim, land) in jumps {
            if land != 0 {
                let land = land.trailing_zeros() as u8;
                self.path[depth] = land;
                self.man_from::<G, WHITE>(land, captured | victim, depth + 1);
            }
        }
    }

    /// A man's sequence after `depth` ≥ 1 captures (`captured`), the last landing `sq`
    /// (already in the path): reported when no jump is left, searched on otherwise.
    #[inline(always)]
    fn man_from<G: Geometry, const WHITE: bool>(&mut self, sq: u8, captured: u64, depth: usize) {
        let jumps = self.man_jumps::<G, WHITE>(sq, captured);
        if jumps.iter().all(|&(_, land)| land == 0) {
            // A man that reaches the far rank mid-sequence stays a man and goes on (sideways)
            // as long as it can; the sequence ends only where no jump is left.
            self.sink
                .found(self.from, sq, captured, &self.path[..depth]);
        } else {
            self.man::<G, WHITE>(jumps, captured, depth);
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

/// Runs the capture search from every piece of the side in `v` into `sink`; `all` is every
/// occupied square.
#[inline(always)]
pub(super) fn search_captures_view<G: Geometry, const WHITE: bool, S: Sink>(
    v: &View,
    all: u64,
    sink: &mut S,
) {
    let jumpers = man_jumpers::<G, WHITE>(v);
    search_captures_from::<G, WHITE, S>(v, all, jumpers, v.dames, sink);
}

/// Runs the capture search from the men `jumpers` (their first jumps, per forward direction,
/// as [`man_jumpers`] gives them) and the dames `dames` of the side in `v` into `sink`: the
/// whole search when they are all of the side's first jumps and dames, or the part of it that
/// starts from them.
#[inline(always)]
pub(super) fn search_captures_from<G: Geometry, const WHITE: bool, S: Sink>(
    v: &View,
    all: u64,
    jumpers: [u64; 2],
    dames: u64,
    sink: &mut S,
) {
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
    for (by, jumpers) in [(a, jumpers[0]), (b, jumpers[1])] {
        for from in Bits(jumpers) {
            let from = from as u8;
            search.occupied = all & !(1 << from);
            search.from = from;
            let victim = shift(1 << from, by);
            let land = (from as i32 + 2 * by) as u8;
            search.path[0] = land;
            search.man_from::<G, WHITE>(land, victim, 1);
        }
    }
    for from in Bits(dames) {
        let from = from as u8;
        search.occupied = all & !(1 << from);
        search.from = from;
        if let Some(seen) = search.seen.as_mut() {
            seen.next_piece();
        }
        search.dame::<G>(from, 0, 0, false);
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
