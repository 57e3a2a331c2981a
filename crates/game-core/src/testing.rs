//! The conformance kit: the single place that says what "a correct game" means here.
//!
//! Every game crate runs it from its tests with one call:
//!
//! ```
//! use game_core::testing::Conformance;
//! use game_core::tictactoe::TicTacToe;
//!
//! Conformance::<TicTacToe>::new().games(20).seed(3).run();
//! ```
//!
//! It plays seeded random games through a [`GameRecord`] and checks, in every position on the
//! way:
//! - the game is over exactly when there is no legal move, a winner is one of the players, and
//!   a position's own outcome gives the game's own reason ([`Reason::Rule`](crate::Reason::Rule)),
//!   never a draw that needs the history;
//! - the move list has no duplicates and [`Game::count_legal_moves`] agrees with it;
//! - every generated move is accepted by the checked play, with the same result as the fast
//!   play, and [`Game::is_legal`] agrees;
//! - moves that were legal elsewhere in the game but are not generated here are refused, and
//!   the refusal leaves the position unchanged;
//! - the position text round-trips (`parse_position(display(p), board_size) == p`, and prints
//!   the same again; `FromStr` agrees on the default board);
//! - move text round-trips (`parse_move(move_text(m)) == m`), and junk move text is an error;
//! - the incremental hash key equals a fresh one and survives the text round trip.
//!
//! At the end of each game the record's outcome must be set (unless the game was cut by the
//! kit's own ply limit and [`Conformance::require_end`] is off). Perft vector files
//! ([`Conformance::perft_file`], [`check_perft_file`]) are checked as well.

#[path = "testing_svg.rs"]
pub mod svg;

use std::collections::HashSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use crate::{perft, BoardSize, DrawRules, Game, GameRecord, Rng};

/// Moves checked for text round trips and checked play per position, at most (Sundraval's
/// opening has over a hundred thousand moves).
const MOVES_CHECKED_PER_POSITION: usize = 48;

/// Moves from elsewhere in the game tried (and expected to be refused) per position, at most.
const REFUSALS_PER_POSITION: usize = 16;

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

/// The environment variable that raises (or lowers) the perft node limit of the file runner.
pub const PERFT_LIMIT_VAR: &str = "PERFT_MAX_NODES";

/// The default perft node limit: entries with larger counts are skipped so that `cargo test`
/// stays fast in a debug build.
pub const DEFAULT_PERFT_LIMIT: u64 = 2_000_000;

/// A configured conformance run for game `G` (see the [module docs](self)).
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
    pub fn run(self) {
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
    }
}

/// How many of a position's moves, refusal candidates and junk texts the per-position checks
/// try. Every kind of check runs whatever the sample; the sample only says on how many items.
#[derive(Clone, Copy, Debug)]
struct Sample {
    /// Legal moves checked (text round trip, checked and fast play), spread over the list.
    moves: usize,
    /// Moves from elsewhere tried for refusal.
    refusals: usize,
    /// Junk move texts tried.
    junk: usize,
    /// Whether the text round trip also prints the parsed position again and reads the text
    /// through `FromStr`; without, it prints and parses once (equality and hash).
    full_text: bool,
    /// Where in the move list and the junk list the sample starts (the fuzzer's choice).
    offset: usize,
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
fn check_position_sampled<G: Game>(
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
fn check_legal_move<G: Game>(pos: &G, mv: G::Move) -> G {
    let text = pos.move_text(mv);
    let parsed = pos
        .parse_move(&text)
        .unwrap_or_else(|e| panic!("{pos}: move text {text:?} does not parse: {e}"));
    assert_eq!(
        parsed, mv,
        "{pos}: move text {text:?} parses to another move"
    );
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

/// Plies a fuzz input may play by move index, at most. libFuzzer wants thousands of short runs
/// a second, not a few long ones: deep positions come from the seed positions the targets
/// start from, so a long walk per input adds time, not reach.
const FUZZ_PLIES: usize = 16;

/// Move-text lines a fuzz input may try, at most (each one that parses is played and checked).
const FUZZ_MOVE_TEXTS: usize = 16;

/// The checks in the position an input's text gives (the one the fuzzer shapes most): every
/// kind, on three of its moves (spread over the list, where the input says) and three junk
/// texts. (A first position has no refusal candidates yet: they come from earlier positions.)
const FUZZ_FIRST_SAMPLE: Sample = Sample {
    moves: 3,
    refusals: REFUSALS_PER_POSITION,
    junk: 3,
    full_text: true,
    offset: 0,
};

/// The checks in every later position of a fuzz input: every kind, on a sample: the move the
/// input plays from it gets the full legal-move check (so no other move here), one refusal,
/// one junk text, and the text round trip printed and parsed once.
const FUZZ_STEP_SAMPLE: Sample = Sample {
    moves: 0,
    refusals: 1,
    junk: 1,
    full_text: false,
    offset: 0,
};

/// The fuzz driver every game's cargo-fuzz target calls: fuzzer bytes become a position, move
/// texts and move choices, and every position reached passes the checks of
/// [`check_position`] and `extra` (the game's own checks). Nothing may panic on any input
/// except a failed check.
///
/// Layout of the input: the first byte picks the board (below 128: the position text decides,
/// or the default board; from 128: one of [`Game::BOARD_SIZES`], when the game has several);
/// the text up to the next `\n` is tried as a position string (the start position on that
/// board is used when it is not one); the following lines, up to a line `#`, are tried as move
/// texts in turn (at most 16); every byte after that picks a legal move by index (at most 16
/// plies).
///
/// The cost of one input is kept proportional to the input and small, so a fuzzer runs
/// thousands of inputs a second: the first position gets every check of [`check_position`] on
/// three of its moves; each later position gets every kind of check on a sample (one
/// refusal, one junk text chosen by the input, the position text printed and parsed once),
/// and the move played from it gets the full legal-move check (text round trip, `is_legal`,
/// checked against fast play, hash). A move text that parses is played through the checked
/// play.
///
/// ```
/// use game_core::testing::fuzz_game;
/// use game_core::tictactoe::TicTacToe;
/// fuzz_game::<TicTacToe>(b"\0x../.o./... x\nb1\nzz\n#\n\x07\x01", |_| {});
/// fuzz_game::<TicTacToe>(&[0xff, 0x00], |_| {});
/// ```
pub fn fuzz_game<G: Game>(data: &[u8], extra: impl FnMut(&G)) {
    let Some((&board, data)) = data.split_first() else {
        return;
    };
    let size = match G::BOARD_SIZES {
        [] => None,
        sizes if board >= 128 => Some(sizes[usize::from(board) % sizes.len()]),
        _ => None,
    };
    let (first, rest) = match data.iter().position(|&byte| byte == b'\n') {
        Some(end) => (&data[..end], &data[end + 1..]),
        None => (data, &[][..]),
    };
    let first = String::from_utf8_lossy(first);
    let start = match size {
        Some(size) => G::start_with_size(size).expect("a size from BOARD_SIZES"),
        None => G::start(),
    };
    let pos = match G::parse_position(&first, size) {
        Ok(pos) => pos,
        Err(err) => {
            assert!(
                err.offset <= first.len(),
                "{first:?}: the error's offset is past the text: {err}"
            );
            start
        }
    };
    fuzz_game_from(pos, rest, extra);
}

/// The part of [`fuzz_game`] after the position line: `data` holds the move-text lines, the
/// line `#` and the move indices, played from `pos` with the same checks. For a caller that
/// has parsed the position already (a fuzz target that starts from seed positions).
///
/// ```
/// use game_core::testing::fuzz_game_from;
/// use game_core::{tictactoe::TicTacToe, Game};
/// fuzz_game_from(TicTacToe::start(), b"b2\nzz\n#\n\x07\x01", |_| {});
/// ```
pub fn fuzz_game_from<G: Game>(mut pos: G, data: &[u8], mut extra: impl FnMut(&G)) {
    let text = String::from_utf8_lossy(data);
    let mut lines = text.split('\n');
    let mut seen: Vec<G::Move> = Vec::new();
    // The legal moves of `pos`, listed once per position and used by every check there.
    let mut moves = Vec::new();
    let mut check = |pos: &G, moves: &mut Vec<G::Move>, seen: &mut Vec<G::Move>, sample| {
        pos.legal_moves_into(moves);
        check_position_sampled(pos, moves, seen, sample);
        extra(pos);
        // Keep a few recent moves: tried, and expected to be refused, where they are illegal.
        seen.extend(moves.iter().take(4));
        let excess = seen.len().saturating_sub(REFUSALS_PER_POSITION);
        seen.drain(..excess);
    };
    // Which moves of the first position are checked: the input's length and last byte say, so
    // mutations move the sample over the list.
    let sample = Sample {
        offset: data.len() + usize::from(data.last().copied().unwrap_or(0)),
        ..FUZZ_FIRST_SAMPLE
    };
    check(&pos, &mut moves, &mut seen, sample);
    let mut consumed = 0;
    for (tried, line) in lines.by_ref().enumerate() {
        consumed += line.len() + 1;
        if line == "#" || tried == FUZZ_MOVE_TEXTS {
            break;
        }
        if let Ok(mv) = pos.parse_move(line) {
            assert!(
                pos.is_legal(mv),
                "{pos}: {line:?} parses to a move that is not legal"
            );
            pos.play(mv)
                .unwrap_or_else(|e| panic!("{pos}: {line:?} parses but does not play: {e}"));
            let sample = Sample {
                offset: tried,
                ..FUZZ_STEP_SAMPLE
            };
            check(&pos, &mut moves, &mut seen, sample);
        }
    }
    for &byte in text.as_bytes().iter().skip(consumed).take(FUZZ_PLIES) {
        if moves.is_empty() {
            break;
        }
        // Spread a byte over long move lists (Sundraval's opening has thousands of moves).
        let mv = moves[usize::from(byte) * 7919 % moves.len()];
        pos = check_legal_move(&pos, mv);
        let sample = Sample {
            offset: usize::from(byte),
            ..FUZZ_STEP_SAMPLE
        };
        check(&pos, &mut moves, &mut seen, sample);
    }
}

/// One entry of a perft vector file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftEntry {
    /// The line of the file the entry starts on (1-based).
    pub line: usize,
    /// The position text, or `start`.
    pub position: String,
    /// The board size from the file's `size N` or `size WxH` header, if any.
    pub size: Option<BoardSize>,
    /// `(depth, count)` pairs.
    pub counts: Vec<(u32, u64)>,
}

/// Reads perft vector text: optional header lines (`size N` or `size WxH`, a [`BoardSize`]), then per entry a position line
/// (a position string, or `start` for the start position) followed by `perft DEPTH: COUNT`
/// lines. Blank lines and lines starting with `#` are ignored. A `size` line may also stand
/// between entries; it holds for the entries after it.
///
/// # Errors
/// A message naming the line when the text does not follow the format.
pub fn parse_perft_vectors(text: &str) -> Result<Vec<PerftEntry>, String> {
    let mut entries: Vec<PerftEntry> = Vec::new();
    let mut size = None;
    for (index, raw) in text.lines().enumerate() {
        let line_no = index + 1;
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(rest) = line.strip_prefix("size ") {
            size = Some(
                rest.trim()
                    .parse()
                    .map_err(|e| format!("line {line_no}: {e}"))?,
            );
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let (depth, count) = rest
                .split_once(':')
                .ok_or_else(|| format!("line {line_no}: expected `perft DEPTH: COUNT`"))?;
            let depth = depth
                .trim()
                .parse()
                .map_err(|_| format!("line {line_no}: bad depth {depth:?}"))?;
            let count = count
                .trim()
                .parse()
                .map_err(|_| format!("line {line_no}: bad count {count:?}"))?;
            let entry = entries
                .last_mut()
                .ok_or_else(|| format!("line {line_no}: perft line before any position"))?;
            entry.counts.push((depth, count));
        } else {
            entries.push(PerftEntry {
                line: line_no,
                position: line.to_owned(),
                size,
                counts: Vec::new(),
            });
        }
    }
    Ok(entries)
}

/// The node limit of the perft file runner: `PERFT_MAX_NODES` from the environment, else
/// [`DEFAULT_PERFT_LIMIT`].
pub fn perft_node_limit() -> u64 {
    std::env::var(PERFT_LIMIT_VAR)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(DEFAULT_PERFT_LIMIT)
}

/// Checks every entry of a perft vector file whose count is within [`perft_node_limit`],
/// panicking on the first difference; returns a line per skipped count so a caller can print
/// them. Run with `PERFT_MAX_NODES=...` in a release build for the deep entries.
pub fn check_perft_file<G: Game>(path: impl AsRef<Path>) -> String {
    let path = path.as_ref();
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let entries = parse_perft_vectors(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert!(!entries.is_empty(), "{}: no perft entries", path.display());
    let limit = perft_node_limit();
    let mut skipped = String::new();
    let mut checked = 0;
    for entry in &entries {
        let pos = if entry.position == "start" {
            match entry.size {
                Some(size) => G::start_with_size(size),
                None => Ok(G::start()),
            }
            .unwrap_or_else(|e| panic!("{}:{}: {e}", path.display(), entry.line))
        } else {
            G::parse_position(&entry.position, entry.size)
                .unwrap_or_else(|e| panic!("{}:{}: {e}", path.display(), entry.line))
        };
        for &(depth, expected) in &entry.counts {
            if expected > limit {
                let _ = writeln!(
                    skipped,
                    "{}:{}: perft {depth} skipped ({expected} > {limit} nodes)",
                    path.display(),
                    entry.line
                );
                continue;
            }
            let actual = perft(&pos, depth)
                .unwrap_or_else(|e| panic!("{}:{}: {e}", path.display(), entry.line));
            assert_eq!(
                actual,
                expected,
                "{}:{}: perft {depth} of {}",
                path.display(),
                entry.line,
                entry.position
            );
            checked += 1;
        }
    }
    assert!(
        checked > 0,
        "{}: every entry is above the node limit {limit}",
        path.display()
    );
    if !skipped.is_empty() {
        eprint!("{skipped}");
    }
    skipped
}
