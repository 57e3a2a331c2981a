//! The conformance kit proper: [`Conformance`] plays seeded random games, and
//! [`check_position`] checks one position; the per-position checks are shared with the fuzz
//! driver, which runs them on a sample.

use std::collections::HashSet;
use std::path::PathBuf;

use super::check_perft_file;
use crate::{DrawRules, Game, GameRecord, MoveList, Rng};

/// Moves checked for text round trips and checked play per position, at most (Sundraval's
/// opening has over a hundred thousand moves).
const MOVES_CHECKED_PER_POSITION: usize = 48;

/// The most moves a position may have for the kit to check [`Game::count_two_plies`] there
/// against the moves listed two plies down (the check lists every child's moves).
const TWO_PLY_CHECK_MAX_MOVES: usize = 48;

/// Moves from elsewhere in the game tried (and expected to be refused) per position, at most.
pub(super) const REFUSALS_PER_POSITION: usize = 16;

/// Move texts that are no move in any game of the workspace.
const JUNK_MOVE_TEXTS: &[&str] = &[
    "",
    " ",
    "zz99",
    "a0-",
    "x",
    "K",
    "99x",
    "-",
    "+",
    "🙂",
    "a1a1a1a1a1a1a1a1",
];

/// A configured conformance run for game `G` (see the [module docs](super)).
#[derive(Clone, Debug)]
pub struct Conformance<G: Game> {
    starts: Vec<G>,
    games: usize,
    seed: u64,
    max_plies: u32,
    require_end: bool,
    rules: DrawRules,
    perft_files: Vec<PathBuf>,
}

impl<G: Game> Default for Conformance<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G: Game> Conformance<G> {
    /// 50 random games from the start position, at most 1000 plies each, the game's own draw
    /// rules ([`Game::DRAW_RULES`], the rules [`GameRecord::new`] applies), every game required
    /// to end.
    pub fn new() -> Self {
        Self {
            starts: Vec::new(),
            games: 50,
            seed: 0x5EED,
            max_plies: 1000,
            require_end: true,
            rules: G::DRAW_RULES,
            perft_files: Vec::new(),
        }
    }

    /// Adds start positions for the random games (they take turns); the default start position
    /// is used when none is given.
    pub fn starts(mut self, starts: impl IntoIterator<Item = G>) -> Self {
        self.starts.extend(starts);
        self
    }

    /// The number of random games.
    pub fn games(mut self, games: usize) -> Self {
        self.games = games;
        self
    }

    /// The seed of the random games.
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// The most plies the kit plays in one game.
    pub fn max_plies(mut self, max_plies: u32) -> Self {
        self.max_plies = max_plies;
        self
    }

    /// Whether every game must end (by the position or the draw rules) within the ply limit.
    pub fn require_end(mut self, require_end: bool) -> Self {
        self.require_end = require_end;
        self
    }

    /// The draw rules of the game records the kit plays through.
    pub fn draw_rules(mut self, rules: DrawRules) -> Self {
        self.rules = rules;
        self
    }

    /// Adds a perft vector file to check (format: [`check_perft_file`]).
    pub fn perft_file(mut self, path: impl Into<PathBuf>) -> Self {
        self.perft_files.push(path.into());
        self
    }

    /// Runs every check; panics with a message naming the position and the failed property.
    ///
    /// # Panics
    /// On the first property the game breaks (the message names the position and the
    /// property), and when a perft file given to [`Conformance::perft_file`] fails.
    pub fn run(self) {
        for (i, &player) in G::PLAYERS.iter().enumerate() {
            assert_eq!(
                G::player_index(player),
                i,
                "{}: the player {player:?} is PLAYERS[{i}] but its index says otherwise",
                G::NAME
            );
        }
        for path in &self.perft_files {
            check_perft_file::<G>(path);
        }
        let starts = if self.starts.is_empty() {
            vec![G::start()]
        } else {
            self.starts.clone()
        };
        for start in &starts {
            check_position(start, &[]);
        }
        let mut rng = Rng::new(self.seed);
        for game in 0..self.games {
            let start = starts[game % starts.len()];
            self.random_game(start, &mut rng, game);
        }
    }

    fn random_game(&self, start: G, rng: &mut Rng, game: usize) {
        let mut record = GameRecord::with_rules(start, self.rules);
        // Moves seen anywhere in this game: candidates for the refusal check.
        let mut seen: Vec<G::Move> = Vec::new();
        let mut seen_set: HashSet<G::Move> = HashSet::new();
        let mut moves = Vec::new();
        // Every position the game went through, the start first.
        let mut path = vec![start];
        for _ in 0..self.max_plies {
            let pos = *record.current();
            check_position(&pos, &seen);
            if record.outcome().is_some() {
                break;
            }
            pos.legal_moves_into(&mut moves);
            for &mv in moves.iter().take(REFUSALS_PER_POSITION * 4) {
                if seen_set.insert(mv) {
                    seen.push(mv);
                }
            }
            let &mv = rng
                .choose(&moves)
                .expect("a game in progress has legal moves");
            record
                .play(mv)
                .unwrap_or_else(|e| panic!("game {game}: record refused {mv:?} in {pos}: {e}"));
            path.push(*record.current());
        }
        let end = *record.current();
        check_position(&end, &seen);
        if self.require_end {
            assert!(
                record.outcome().is_some(),
                "game {game} from {start} did not end within {} plies (last position {end})",
                self.max_plies
            );
        }
        // The record keeps the start and the current position only: the ones between, made
        // again from the moves, must be those the game went through.
        assert!(
            record.positions().eq(path.iter().copied()),
            "game {game} from {start}: the record's positions are not the game's"
        );
        for before in path.iter().rev().skip(1).take(3) {
            record.undo();
            assert_eq!(record.current(), before, "game {game} from {start}: undo");
        }
    }
}

/// How many of a position's moves, refusal candidates and junk texts the per-position checks
/// try. Every kind of check runs whatever the sample; the sample only says on how many items.
#[derive(Clone, Copy, Debug)]
pub(super) struct Sample {
    /// Legal moves checked (text round trip, checked and fast play), spread over the list.
    pub(super) moves: usize,
    /// Moves from elsewhere tried for refusal.
    pub(super) refusals: usize,
    /// Junk move texts tried.
    pub(super) junk: usize,
    /// Whether the text round trip also prints the parsed position again and reads the text
    /// through `FromStr`; without, it prints and parses once (equality and hash).
    pub(super) full_text: bool,
    /// Where in the move list and the junk list the sample starts (the fuzzer's choice).
    pub(super) offset: usize,
}

/// What the conformance kit checks in every position of its random games.
const FULL_SAMPLE: Sample = Sample {
    moves: MOVES_CHECKED_PER_POSITION,
    refusals: REFUSALS_PER_POSITION,
    junk: JUNK_MOVE_TEXTS.len(),
    full_text: true,
    offset: 0,
};

/// Checks every single-position property of the kit on `pos`; `elsewhere` are moves seen in
/// other positions, tried for refusal when they are not legal here.
pub fn check_position<G: Game>(pos: &G, elsewhere: &[G::Move]) {
    check_position_sampled(pos, &pos.legal_moves(), elsewhere, FULL_SAMPLE);
}

/// [`check_position`] on a sample of the moves, refusals and junk texts; `moves` is the
/// position's legal move list (the caller has it already).
pub(super) fn check_position_sampled<G: Game>(
    pos: &G,
    moves: &[G::Move],
    elsewhere: &[G::Move],
    sample: Sample,
) {
    let outcome = pos.outcome();
    assert_eq!(
        outcome.is_some(),
        moves.is_empty(),
        "{pos}: the game must be over exactly when there is no legal move (outcome {outcome:?}, {} moves)",
        moves.len()
    );
    if let Some(winner) = outcome.and_then(|o| o.winner()) {
        assert!(
            G::PLAYERS.contains(&winner),
            "{pos}: the winner {winner:?} is not a player"
        );
    }
    if let Some(outcome) = outcome {
        // Repetition, no progress and the move cap need the history: only a record says them.
        assert!(
            outcome.reason().rule().is_some(),
            "{pos}: a position's own outcome gives a record's draw ({outcome:?})"
        );
    }
    assert!(
        G::PLAYERS.contains(&pos.to_move()),
        "{pos}: the side to move is not a player"
    );

    let unique: HashSet<G::Move> = moves.iter().copied().collect();
    assert_eq!(
        unique.len(),
        moves.len(),
        "{pos}: the legal move list has duplicates"
    );
    assert_eq!(
        pos.count_legal_moves(&mut Vec::new()),
        moves.len(),
        "{pos}: count_legal_moves disagrees"
    );
    if moves.len() <= TWO_PLY_CHECK_MAX_MOVES {
        let listed: usize = moves
            .iter()
            .map(|&mv| {
                let mut child = *pos;
                child.play_unchecked(mv);
                child.legal_moves().len()
            })
            .sum();
        // Used buffers, as perft hands them over.
        let (mut buffer, mut scratch) = (moves.to_vec(), moves.to_vec());
        assert_eq!(
            pos.count_two_plies(&mut buffer, &mut scratch),
            listed as u64,
            "{pos}: count_two_plies differs from the moves listed two plies down"
        );
    }
    // Both kinds of buffer get the same list, also when they held moves before (the buffer
    // is cleared first).
    let mut used_vec: Vec<G::Move> = moves.iter().chain(moves).copied().collect();
    pos.legal_moves_into(&mut used_vec);
    assert_eq!(
        used_vec, moves,
        "{pos}: legal_moves_into a used Vec differs"
    );
    let mut used_list: MoveList<G::Move> = moves.iter().chain(moves).copied().collect();
    pos.legal_moves_into(&mut used_list);
    assert_eq!(
        used_list, moves,
        "{pos}: legal_moves_into a used MoveList differs"
    );

    check_text_round_trip(pos, sample.full_text);
    assert_eq!(
        pos.hash_key(),
        pos.fresh_hash_key(),
        "{pos}: the incremental hash differs from a fresh one"
    );

    let step = moves.len().div_ceil(sample.moves.max(1)).max(1);
    let first = sample.offset % step;
    for &mv in moves.iter().skip(first).step_by(step).take(sample.moves) {
        let _ = check_legal_move(pos, mv);
    }
    for &mv in elsewhere
        .iter()
        .filter(|mv| !unique.contains(mv))
        .take(sample.refusals)
    {
        assert!(
            !pos.is_legal(mv),
            "{pos}: is_legal accepts {mv:?}, which is not generated"
        );
        let mut copy = *pos;
        assert!(
            copy.play(mv).is_err(),
            "{pos}: checked play accepts {mv:?}, which is not generated"
        );
        assert_eq!(copy, *pos, "{pos}: a refused move changed the position");
    }
    let junk_texts = JUNK_MOVE_TEXTS
        .iter()
        .cycle()
        .skip(sample.offset % JUNK_MOVE_TEXTS.len());
    for junk in junk_texts.take(sample.junk.min(JUNK_MOVE_TEXTS.len())) {
        assert!(
            pos.parse_move(junk).is_err(),
            "{pos}: junk move text {junk:?} was accepted"
        );
    }
}

/// `full`: also print the parsed position again and read the text through `FromStr`.
fn check_text_round_trip<G: Game>(pos: &G, full: bool) {
    let text = pos.to_string();
    let parsed = G::parse_position(&text, pos.board_size())
        .unwrap_or_else(|e| panic!("{text}: its own text does not parse: {e}"));
    assert_eq!(
        parsed, *pos,
        "{text}: the parsed position differs from the printed one"
    );
    assert_eq!(
        parsed.hash_key(),
        pos.hash_key(),
        "{text}: the hash changes through text"
    );
    if !full {
        return;
    }
    assert_eq!(
        parsed.to_string(),
        text,
        "{text}: printing the parsed position changes the text"
    );
    // `FromStr` reads the default board; on it (or where the text fixes the board) it must
    // agree with `parse_position`.
    if pos.board_size().is_none() || pos.board_size() == G::BOARD_SIZES.first().copied() {
        let from_str: G = text
            .parse()
            .unwrap_or_else(|e| panic!("{text}: FromStr refuses its own text: {e}"));
        assert_eq!(
            from_str, *pos,
            "{text}: FromStr differs from parse_position"
        );
    }
}

/// Checks a generated move of `pos` (text round trip, `is_legal`, checked play against fast
/// play, the hash after it) and returns the position after it.
pub(super) fn check_legal_move<G: Game>(pos: &G, mv: G::Move) -> G {
    let text = pos.move_text(mv);
    let parsed = pos
        .parse_move(&text)
        .unwrap_or_else(|e| panic!("{pos}: move text {text:?} does not parse: {e}"));
    assert_eq!(
        parsed, mv,
        "{pos}: move text {text:?} parses to another move"
    );
    // The case rule of the error policy: move text is read in either letter case.
    for other_case in [text.to_ascii_uppercase(), text.to_ascii_lowercase()] {
        assert_eq!(
            pos.parse_move(&other_case).ok(),
            Some(mv),
            "{pos}: move text {other_case:?} (for {text:?}) is not read as the same move"
        );
    }
    assert!(
        pos.is_legal(mv),
        "{pos}: is_legal refuses the generated move {text}"
    );
    let mut checked = *pos;
    checked
        .play(mv)
        .unwrap_or_else(|e| panic!("{pos}: checked play refuses the generated move {text}: {e}"));
    let mut fast = *pos;
    fast.play_unchecked(mv);
    assert_eq!(
        checked, fast,
        "{pos}: checked and fast play of {text} differ"
    );
    assert_eq!(
        fast.hash_key(),
        fast.fresh_hash_key(),
        "{pos}: after {text} the incremental hash is wrong"
    );
    fast
}
