//! Every package's integration tests are one test program, `tests/all.rs`, with
//! `autotests = false` in its manifest: a file in `tests/` that `all.rs` does not name as a
//! module would never be compiled, and its tests would silently never run. This check finds
//! such a file in any package of the workspace.

use std::fs;
use std::path::Path;

/// The `tests/` directories of the workspace's packages that follow the layout: the root
/// package's and every crate's under `crates/` (the Python package's tests are pytest files).
/// In the published `boardrules` package, which has no `crates/`, only its own.
fn test_dirs() -> Vec<std::path::PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut dirs = vec![root.join("tests")];
    let Ok(crates) = fs::read_dir(root.join("crates")) else {
        return dirs;
    };
    for entry in crates {
        let dir = entry.expect("a crate directory").path().join("tests");
        if dir.join("all.rs").is_file() {
            dirs.push(dir);
        }
    }
    assert!(
        dirs.len() >= 8,
        "the root package and the seven crates: {dirs:?}"
    );
    dirs
}

#[test]
fn every_test_file_is_a_module_of_the_one_test_program() {
    let dirs = test_dirs();
    for dir in dirs {
        let all = fs::read_to_string(dir.join("all.rs")).expect("tests/all.rs");
        for entry in fs::read_dir(&dir).expect("a tests directory") {
            let path = entry.expect("an entry").path();
            if path.extension().is_some_and(|ext| ext == "rs") {
                let stem = path
                    .file_stem()
                    .and_then(|s| s.to_str())
                    .expect("a file name");
                if stem != "all" {
                    assert!(
                        all.lines().any(|line| line == format!("mod {stem};")),
                        "{} is not compiled: add `mod {stem};` to {}",
                        path.display(),
                        dir.join("all.rs").display()
                    );
                }
            }
        }
    }
}

/// A source file holds one job, and a file past 700 lines has always turned out to hold
/// several: every `.rs` file under a `src/` or `examples/` directory of the workspace (the
/// Python package's included; tests excluded) stays under that.
#[test]
fn every_source_file_is_under_700_lines() {
    fn walk(dir: &Path, long: &mut Vec<String>) {
        let Ok(entries) = fs::read_dir(dir) else {
            return;
        };
        for entry in entries {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                walk(&path, long);
            } else if path.extension().is_some_and(|ext| ext == "rs") {
                let lines = fs::read_to_string(&path)
                    .expect("a source file")
                    .lines()
                    .count();
                if lines >= 700 {
                    long.push(format!("{} has {lines} lines", path.display()));
                }
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut dirs = vec![root.join("src"), root.join("examples")];
    if let Ok(crates) = fs::read_dir(root.join("crates")) {
        for entry in crates {
            let krate = entry.expect("a crate directory").path();
            dirs.push(krate.join("src"));
            dirs.push(krate.join("examples"));
        }
    }
    let mut long = Vec::new();
    for dir in &dirs {
        walk(dir, &mut long);
    }
    assert!(
        long.is_empty(),
        "split these by their jobs:\n{}",
        long.join("\n")
    );
}
