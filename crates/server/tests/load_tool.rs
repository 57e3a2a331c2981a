//! The load tool keeps the tools' word: `--help` prints its usage on stdout and exits 0; a
//! bad argument is one line on stderr and exit 2, before anything runs; a run that cannot be
//! made (its database cannot be opened) exits 1; a short run plays moves with no error.

use std::path::PathBuf;
use std::process::{Command, Output};
use std::sync::OnceLock;

/// The load tool, built once by cargo for these tests (as `cargo test` builds it anyway).
fn load_tool() -> &'static PathBuf {
    static TOOL: OnceLock<PathBuf> = OnceLock::new();
    TOOL.get_or_init(|| {
        let manifest = concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml");
        let built = Command::new(env!("CARGO"))
            .args([
                "build",
                "--quiet",
                "--example",
                "load",
                "--manifest-path",
                manifest,
            ])
            .status()
            .expect("cargo builds the load tool");
        assert!(built.success(), "the load tool builds");
        // This test program is target/PROFILE/deps/all-HASH; the example is beside deps.
        let exe = std::env::current_exe().expect("the test program's path");
        let profile = exe
            .parent()
            .and_then(|deps| deps.parent())
            .expect("the profile's directory");
        profile.join("examples").join("load")
    })
}

fn load(args: &[&str]) -> Output {
    Command::new(load_tool())
        .args(args)
        .output()
        .expect("the load tool runs")
}

#[test]
fn help_is_printed_on_stdout_with_exit_0() {
    let out = load(&["--help"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Usage: load"), "{text}");
    for option in [
        "--games",
        "--seconds",
        "--think-ms",
        "--connections",
        "--db",
    ] {
        assert!(text.contains(option), "{option} in the usage");
    }
    assert!(out.stderr.is_empty());
}

#[test]
fn a_bad_argument_is_one_line_on_stderr_with_exit_2() {
    for args in [
        &["--games", "abc"][..],
        &["--games"],
        &["--bogus"],
        &["--games", "0"],
        &["--seconds", "-1"],
        &["--db", ""],
        &["--games", "5", "extra"],
    ] {
        let out = load(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let text = String::from_utf8_lossy(&out.stderr);
        assert_eq!(text.lines().count(), 1, "{args:?}: {text}");
        assert!(text.starts_with("load: "), "{text}");
        assert!(out.stdout.is_empty(), "{args:?}: nothing ran");
    }
}

#[test]
fn a_run_that_cannot_be_made_exits_1_and_a_short_run_plays() {
    let out = load(&[
        "--games",
        "5",
        "--seconds",
        "1",
        "--db",
        "/nonexistent-directory/load.sqlite3",
    ]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let out = load(&["--games", "20", "--seconds", "3", "--think-ms", "100"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains(" 0 errors"), "{text}");
}
