//! What the root tests that run the command-line examples share.
//!
//! `cargo test` builds the examples before it runs the tests, so they are run from
//! `target/<profile>/examples/` (`cargo test --test all` alone does not rebuild them: run
//! the whole suite, or `cargo build --examples` first).

// A module of the one test program (tests/all.rs) that several of its modules use: its items
// are `pub` for them, so the reachability lint does not apply here.
#![allow(unreachable_pub)]

use std::path::PathBuf;

/// The path of an example built for this test run.
pub fn example(name: &str) -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary's path");
    // target/<profile>/deps/TEST-HASH → target/<profile>/examples/NAME
    let dir = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("the test binary lives in target/<profile>/deps");
    let path = dir
        .join("examples")
        .join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    assert!(
        path.exists(),
        "{} is missing: cargo test builds the examples; run the whole suite",
        path.display()
    );
    path
}
