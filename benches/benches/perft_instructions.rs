//! Instruction counts of perft from every game's start: the regression guard of `.ci/run`.
//!
//! Wall-clock benchmarks on a shared machine swing by ±40% and cannot see a 20% slowdown;
//! the number of instructions a run executes can. This bench counts them with valgrind's
//! callgrind (only inside `measured_perft`, so process start-up and the parsing of arguments
//! do not count), divides by the nodes perft counted, and compares each game's instructions
//! per node with the committed baseline `benches/benches/perft_instructions.baseline`:
//!
//! ```text
//! cargo bench --bench perft_instructions                       # check: fails above baseline + 3%
//! cargo bench --bench perft_instructions -- --update-baseline  # write the measured values
//! ```
//!
//! A game whose count rises more than [`TOLERANCE`] above its baseline fails the run. When a
//! change is meant to cost more (or a new compiler counts differently), update the baseline in
//! the same commit and say why in its message.
//!
//! Why not the `iai-callgrind` crate: it needs a runner binary of exactly its own version
//! installed beside it and a dependency tree of its own, for what here is one valgrind call per
//! game and one line of its output. This file drives valgrind itself and depends on nothing but
//! the game crates, so it can move to another package as it is.
//!
//! The bench runs itself under valgrind: with `PERFT_INSTRUCTIONS_CASE` set it only counts
//! that case's perft and prints the node count.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use game_core::{BoardSize, Game};

/// How far above its baseline a game's instructions per node may rise: 3%.
const TOLERANCE: f64 = 0.03;

/// The environment variable that makes the bench count one case (the run under valgrind).
const CASE_VAR: &str = "PERFT_INSTRUCTIONS_CASE";

/// The baseline file, beside this one.
const BASELINE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/benches/perft_instructions.baseline"
);

/// One measured perft: a name, and the depth from the game's start. The depths keep each
/// case at 0.1–0.5 billion instructions, a few seconds under callgrind, with the last plies
/// (where perft spends its time) as in deeper counts.
struct Case {
    name: &'static str,
    depth: u32,
    run: fn(u32) -> u64,
}

const CASES: &[Case] = &[
    Case {
        name: "kvarn3",
        depth: 9,
        run: |depth| start_perft::<kvarn3::Position>(None, depth),
    },
    Case {
        name: "swedish-draughts-10x10",
        depth: 7,
        run: |depth| start_perft::<swedish_draughts::Position>(Some(BoardSize::Side(10)), depth),
    },
    Case {
        name: "swedish-draughts-8x8",
        depth: 8,
        run: |depth| start_perft::<swedish_draughts::Position>(Some(BoardSize::Side(8)), depth),
    },
    Case {
        name: "cheversi",
        depth: 5,
        run: |depth| start_perft::<cheversi::Position>(None, depth),
    },
    Case {
        name: "sundraval",
        depth: 2,
        run: |depth| start_perft::<sundraval::Position>(None, depth),
    },
    Case {
        name: "svendo",
        depth: 4,
        run: |depth| start_perft::<svendo::Position>(None, depth),
    },
];

/// game-core's perft (what the `perft` tool runs) from the start on the board of `size`.
fn start_perft<G: Game>(size: Option<BoardSize>, depth: u32) -> u64 {
    let start = match size {
        Some(size) => G::start_with_size(size).expect("a board size of the game"),
        None => G::start(),
    };
    measured_perft(&start, depth)
}

/// The code whose instructions are counted (callgrind's `--toggle-collect` names it).
#[inline(never)]
fn measured_perft<G: Game>(start: &G, depth: u32) -> u64 {
    game_core::perft(std::hint::black_box(start), depth).expect("a depth within the bound")
}

/// One case's result.
struct Measured {
    nodes: u64,
    instructions: u64,
}

impl Measured {
    fn per_node(&self) -> f64 {
        self.instructions as f64 / self.nodes.max(1) as f64
    }
}

fn main() -> ExitCode {
    if let Ok(name) = std::env::var(CASE_VAR) {
        let Some(case) = CASES.iter().find(|case| case.name == name) else {
            eprintln!("{CASE_VAR}: no case {name:?}");
            return ExitCode::FAILURE;
        };
        println!("{}", (case.run)(case.depth));
        return ExitCode::SUCCESS;
    }
    // `cargo bench` passes `--bench`; the only option of our own is `--update-baseline`.
    let update = std::env::args().any(|arg| arg == "--update-baseline");
    match run(update) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(message) => {
            eprintln!("perft_instructions: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Measures every case; checks them against the baseline (or writes it). `Ok(false)` when a
/// case rose above its tolerance.
fn run(update: bool) -> Result<bool, String> {
    let valgrind = Command::new("valgrind").arg("--version").output();
    if !valgrind.is_ok_and(|out| out.status.success()) {
        return Err("valgrind is not installed (Debian: apt-get install -y valgrind)".into());
    }
    let exe = std::env::current_exe().map_err(|e| format!("the bench's own path: {e}"))?;
    let baseline = read_baseline(Path::new(BASELINE))?;
    let mut measured = Vec::new();
    for case in CASES {
        let result = measure(&exe, case)?;
        measured.push((case, result));
    }

    println!(
        "{:<24} {:>5} {:>12} {:>15} {:>10} {:>10} {:>8}",
        "perft from the start", "depth", "nodes", "instructions", "per node", "baseline", "change"
    );
    let mut passed = true;
    for (case, result) in &measured {
        let per_node = result.per_node();
        let (base, change) = match baseline.get(case.name) {
            Some(&base) => (
                format!("{base:.3}"),
                format!("{:+.1}%", (per_node / base - 1.0) * 100.0),
            ),
            None => ("-".into(), "-".into()),
        };
        println!(
            "{:<24} {:>5} {:>12} {:>15} {:>10.3} {:>10} {:>8}",
            case.name, case.depth, result.nodes, result.instructions, per_node, base, change
        );
        if let Some(&base) = baseline.get(case.name) {
            if !update && per_node > base * (1.0 + TOLERANCE) {
                eprintln!(
                    "REGRESSION: {} perft costs {per_node:.3} instructions per node, more than \
                     {:.0}% above its baseline of {base:.3}",
                    case.name,
                    TOLERANCE * 100.0
                );
                passed = false;
            }
        } else if !update {
            eprintln!("{}: no baseline yet", case.name);
            passed = false;
        }
    }
    if update {
        write_baseline(Path::new(BASELINE), &measured)?;
        println!("baseline written to {BASELINE}");
    } else if !passed {
        eprintln!(
            "If the extra cost is meant (or the compiler changed), update the baseline in the \
             same commit and say why in its message:\n    \
             cargo bench --bench perft_instructions -- --update-baseline"
        );
    }
    Ok(passed)
}

/// Runs one case under callgrind, counting only inside [`measured_perft`].
fn measure(exe: &Path, case: &Case) -> Result<Measured, String> {
    let out_file: PathBuf = std::env::temp_dir().join(format!(
        "perft-instructions-{}-{}.callgrind",
        std::process::id(),
        case.name
    ));
    let output = Command::new("valgrind")
        .arg("--tool=callgrind")
        .arg(format!("--callgrind-out-file={}", out_file.display()))
        .arg("--toggle-collect=*measured_perft*")
        .arg(exe)
        .env(CASE_VAR, case.name)
        .output()
        .map_err(|e| format!("{}: valgrind did not start: {e}", case.name))?;
    let report = std::fs::read_to_string(&out_file);
    let _ = std::fs::remove_file(&out_file);
    if !output.status.success() {
        return Err(format!(
            "{}: the run under valgrind failed:\n{}",
            case.name,
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    let nodes: u64 = String::from_utf8_lossy(&output.stdout)
        .trim()
        .parse()
        .map_err(|_| format!("{}: the run printed no node count", case.name))?;
    let report = report.map_err(|e| format!("{}: no callgrind output: {e}", case.name))?;
    // callgrind ends its output with `totals: N` (older versions: `summary: N`), N the
    // instructions executed while collection was on.
    let instructions = report
        .lines()
        .find_map(|line| {
            line.strip_prefix("totals:")
                .or_else(|| line.strip_prefix("summary:"))
        })
        .and_then(|n| n.split_whitespace().next()?.parse::<u64>().ok())
        .ok_or_else(|| format!("{}: no instruction total in callgrind's output", case.name))?;
    if instructions == 0 {
        return Err(format!(
            "{}: callgrind counted no instructions inside measured_perft (were the symbols \
             stripped?)",
            case.name
        ));
    }
    Ok(Measured {
        nodes,
        instructions,
    })
}

/// Reads `NAME INSTRUCTIONS_PER_NODE` lines; `#` starts a comment.
fn read_baseline(path: &Path) -> Result<BTreeMap<String, f64>, String> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(BTreeMap::new()),
        Err(e) => return Err(format!("{}: {e}", path.display())),
    };
    let mut baseline = BTreeMap::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let parsed = match line.split_whitespace().collect::<Vec<_>>()[..] {
            [name, value] => value.parse::<f64>().ok().map(|v| (name.to_string(), v)),
            _ => None,
        };
        let (name, value) = parsed.ok_or_else(|| {
            format!(
                "{}:{}: expected `NAME INSTRUCTIONS_PER_NODE`, found {line:?}",
                path.display(),
                index + 1
            )
        })?;
        baseline.insert(name, value);
    }
    Ok(baseline)
}

fn write_baseline(path: &Path, measured: &[(&Case, Measured)]) -> Result<(), String> {
    let mut text = String::from(
        "# Instructions per node of game-core's perft from each game's start (callgrind), the\n\
         # baseline of benches/perft_instructions.rs: `cargo bench --bench perft_instructions`\n\
         # fails when a game rises more than 3% above it. Written by\n\
         #   cargo bench --bench perft_instructions -- --update-baseline\n\
         # update it in the commit that changes the cost, and say why there.\n",
    );
    for (case, result) in measured {
        let _ = writeln!(
            text,
            "{} {:.3}  # depth {}: {} instructions / {} nodes",
            case.name,
            result.per_node(),
            case.depth,
            result.instructions,
            result.nodes
        );
    }
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}
