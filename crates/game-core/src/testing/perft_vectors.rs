//! Perft vector files: the plain-text format every game crate keeps its perft counts in, the
//! reader, and the runner that checks a file against a game's move generation.

use std::fmt::Write as _;
use std::path::Path;

use crate::{perft, BoardSize, Game};

/// The environment variable that raises (or lowers) the perft node limit of the file runner.
pub const PERFT_LIMIT_VAR: &str = "PERFT_MAX_NODES";

/// The default perft node limit: entries with larger counts are skipped so that `cargo test`
/// stays fast in a debug build.
pub const DEFAULT_PERFT_LIMIT: u64 = 2_000_000;

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
///
/// # Panics
/// When the file cannot be read or parsed, when a position in it does not parse, or on the
/// first count that differs from the file's.
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
