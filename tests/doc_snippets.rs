//! The Rust examples of the docs compile in a user's crate, with no warning.
//!
//! Doctests alone do not show it: a doctest sees every dependency of the crate it documents,
//! so `use game_core::…` compiles in `boardrules`' doctests while a user who depends on
//! `boardrules` alone has no `game_core` (only `boardrules::game_core`), and rustdoc allows
//! unused code in doctests (`#![allow(unused)]`), so an unused import there warns in the
//! user's crate. This test builds the examples as a user's crate would: a cargo workspace of
//! its own (in `target/tmp/doc-snippets`), one library package per documented crate that
//! depends on that crate alone (all its features on, plus `serde_json`, which an example
//! may use to show serde support and a user adds for it), each example one module,
//! `#![deny(warnings)]`, checked with `cargo check --offline`. Dead code is allowed: an
//! example that defines a function or a type for the reader's own code has no caller in
//! itself.
//!
//! The examples: every fenced Rust block of the README, of the crates' READMEs, and of every
//! doc comment in the source of the facade (`src/`), `game-core` and the five game crates.
//! A block is Rust when rustdoc would test it (no language, `rust`, `no_run`,
//! `should_panic`, …), and is left out when it is `ignore`d, `compile_fail` or another
//! language. The README's examples are written for a crate that depends on `kvarn3` alone, as
//! its text says.
//!
//! The checking workspace keeps its target directory between runs (`target/tmp/doc-snippets`,
//! beside the test build's), so only the first run compiles the dependencies; `cargo check`
//! makes no code, which keeps even that run short (the README's Checks say how short).

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The workspace root (this package's manifest directory).
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// One example: where it was found, and its code as rustdoc would see it (hidden lines shown).
struct Snippet {
    place: String,
    code: String,
}

/// Whether rustdoc treats a block with this info string as a Rust test to compile.
fn is_rust_test(info: &str) -> bool {
    const RUSTDOC_WORDS: &[&str] = &[
        "rust",
        "should_panic",
        "no_run",
        "test_harness",
        "standalone_crate",
        "edition2015",
        "edition2018",
        "edition2021",
        "edition2024",
    ];
    info.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|word| !word.is_empty())
        .all(|word| RUSTDOC_WORDS.contains(&word))
}

/// The fenced Rust blocks of a Markdown text, each with the number of its first line (from
/// 1, counted in `lines`' own numbering) and its code with rustdoc's hidden lines shown.
fn rust_blocks(lines: &[(usize, String)], file: &str) -> Vec<Snippet> {
    let mut snippets = Vec::new();
    let mut open: Option<(usize, String, bool)> = None;
    for (number, line) in lines {
        let trimmed = line.trim_start();
        if let Some(info) = trimmed.strip_prefix("```") {
            match open.take() {
                None => open = Some((*number, String::new(), is_rust_test(info.trim()))),
                Some((first, code, rust)) => {
                    if rust {
                        snippets.push(Snippet {
                            place: format!("{file}:{first}"),
                            code,
                        });
                    }
                }
            }
            continue;
        }
        if let Some((_, code, _)) = open.as_mut() {
            // rustdoc's hidden lines: `# code` is code, `#` alone an empty line, `##` a `#`.
            let shown = if trimmed == "#" {
                ""
            } else if let Some(rest) = trimmed.strip_prefix("# ") {
                rest
            } else if trimmed.starts_with("##") {
                &trimmed[1..]
            } else {
                line.as_str()
            };
            code.push_str(shown);
            code.push('\n');
        }
    }
    snippets
}

/// The examples of a Markdown file.
fn markdown_snippets(path: &Path) -> Vec<Snippet> {
    let text = fs::read_to_string(path).expect("a Markdown file");
    let lines: Vec<(usize, String)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.to_owned()))
        .collect();
    rust_blocks(&lines, &relative(path))
}

/// The examples in the doc comments (`///`, `//!`) of a Rust source file.
fn source_snippets(path: &Path) -> Vec<Snippet> {
    let text = fs::read_to_string(path).expect("a source file");
    let mut snippets = Vec::new();
    let mut block: Vec<(usize, String)> = Vec::new();
    let mut kind = "";
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        let marker = ["//!", "///"]
            .into_iter()
            .find(|m| trimmed.starts_with(m) && !trimmed.starts_with("////"));
        match marker {
            Some(m) if block.is_empty() || m == kind => {
                kind = m;
                let doc = &trimmed[m.len()..];
                block.push((i + 1, doc.strip_prefix(' ').unwrap_or(doc).to_owned()));
            }
            _ => {
                snippets.extend(rust_blocks(&block, &relative(path)));
                block.clear();
                if let Some(m) = marker {
                    kind = m;
                    let doc = &trimmed[m.len()..];
                    block.push((i + 1, doc.strip_prefix(' ').unwrap_or(doc).to_owned()));
                }
            }
        }
    }
    snippets.extend(rust_blocks(&block, &relative(path)));
    snippets
}

fn relative(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string()
}

/// The `.rs` files under `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in fs::read_dir(&dir).expect("a source directory") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The name of the module of the example found at `place` (`src/engines.rs:12` →
/// `src_engines_rs_12`): a compiler message names the example's file and line.
fn module_name(place: &str) -> String {
    place
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect()
}

/// One example as a module of the checking crate: a snippet with its own `fn main` keeps it
/// (made public, so that it counts as used); any other is the body of a `main`, as rustdoc
/// makes it, inside a closure so that `?` works when it ends in `Ok::<(), E>(())`.
fn module(snippet: &Snippet) -> String {
    let mut inner_attributes = String::new();
    let mut body = String::new();
    for line in snippet.code.lines() {
        if line.trim_start().starts_with("#![") && body.trim().is_empty() {
            inner_attributes.push_str(line);
            inner_attributes.push('\n');
        } else {
            body.push_str(line);
            body.push('\n');
        }
    }
    let code = if body.contains("fn main(") {
        body.replacen("fn main(", "pub fn main(", 1)
    } else {
        format!("pub fn main() {{\n    let _ = (|| {{\n{body}    }})();\n}}\n")
    };
    format!(
        "//! The example of {}.\n{inner_attributes}\n{code}",
        snippet.place
    )
}

/// A documented package and the snippets a user of it must be able to compile.
struct Package {
    /// The dependency's name.
    dependency: String,
    /// Its directory, from the workspace root.
    path: String,
    features: &'static [&'static str],
    snippets: Vec<Snippet>,
}

/// Writes `text` to `path` unless it holds that already (an unchanged file keeps its time, so
/// cargo does not check it again).
fn write_if_changed(path: &Path, text: &str) {
    if fs::read_to_string(path).ok().as_deref() != Some(text) {
        fs::create_dir_all(path.parent().expect("a directory")).expect("a directory");
        fs::write(path, text).expect("the file is written");
    }
}

#[test]
fn the_doc_examples_compile_in_a_users_crate_without_warnings() {
    let root = root();
    if !root.join("crates").is_dir() {
        // The published package has no crates/ directory: nothing to check there.
        return;
    }
    let games = [
        "kvarn3",
        "swedish-draughts",
        "cheversi",
        "sundraval",
        "svendo",
    ];
    let mut packages = vec![
        Package {
            // The README's examples are for a crate that depends on kvarn3 alone.
            dependency: "kvarn3".to_owned(),
            path: "crates/kvarn3".to_owned(),
            features: &["serde"],
            snippets: markdown_snippets(&root.join("README.md")),
        },
        Package {
            dependency: "boardrules".to_owned(),
            path: ".".to_owned(),
            features: &["serde"],
            snippets: rust_files(&root.join("src"))
                .iter()
                .flat_map(|f| source_snippets(f))
                .collect(),
        },
    ];
    for name in std::iter::once("game-core").chain(games) {
        let path = format!("crates/{name}");
        let dir = root.join(&path);
        let mut snippets = markdown_snippets(&dir.join("README.md"));
        for file in rust_files(&dir.join("src")) {
            snippets.extend(source_snippets(&file));
        }
        packages.push(Package {
            dependency: name.to_owned(),
            path,
            // game-core's conformance kit is behind its `testing` feature.
            features: if name == "game-core" {
                &["std", "serde", "testing"]
            } else {
                &["std", "serde"]
            },
            snippets,
        });
    }
    let total: usize = packages.iter().map(|p| p.snippets.len()).sum();
    assert!(
        total >= 100,
        "only {total} examples found: the extraction is broken"
    );

    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join("doc-snippets");
    let project = work.join("project");
    let mut members = String::new();
    for (i, package) in packages.iter().enumerate() {
        let name = format!("user-of-{}-{i}", package.dependency);
        let _ = write!(members, "\"{name}\", ");
        let features = package
            .features
            .iter()
            .map(|f| format!("\"{f}\""))
            .collect::<Vec<_>>()
            .join(", ");
        let manifest = format!(
            "[package]\nname = \"{name}\"\nversion = \"0.0.0\"\nedition = \"2021\"\n\
             publish = false\n\n[dependencies]\n{} = {{ path = {:?}, features = [{features}] }}\n\
             serde_json = \"1\"\n",
            package.dependency,
            root.join(&package.path).display().to_string()
        );
        write_if_changed(&project.join(&name).join("Cargo.toml"), &manifest);
        let mut lib = String::from(
            "//! The documentation's examples, as a user's crate compiles them.\n\
             #![deny(warnings)]\n\
             // An example that defines a function or a type for the reader's own code has no\n\
             // caller of its own.\n\
             #![allow(dead_code)]\n\n",
        );
        for snippet in &package.snippets {
            let module_name = module_name(&snippet.place);
            let _ = writeln!(lib, "pub mod {module_name};");
            let file = project.join(&name).join(format!("src/{module_name}.rs"));
            write_if_changed(&file, &module(snippet));
        }
        write_if_changed(&project.join(&name).join("src/lib.rs"), &lib);
        // Examples that moved or went since the last run.
        for entry in fs::read_dir(project.join(&name).join("src")).expect("the package's src") {
            let path = entry.expect("an entry").path();
            let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
            if stem != "lib" && !lib.contains(&format!("pub mod {stem};")) {
                fs::remove_file(&path).expect("a stale example is removed");
            }
        }
    }
    write_if_changed(
        &project.join("Cargo.toml"),
        &format!("[workspace]\nmembers = [{members}]\nresolver = \"2\"\n\n[profile.dev]\ndebug = false\n"),
    );
    // The workspace's versions of every dependency: nothing to download.
    let lock = fs::read_to_string(root.join("Cargo.lock")).expect("the workspace's lock file");
    if !project.join("Cargo.lock").exists() {
        write_if_changed(&project.join("Cargo.lock"), &lock);
    }
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let output = Command::new(cargo)
        .current_dir(&project)
        .args([
            "check",
            "--workspace",
            "--offline",
            "--quiet",
            "--target-dir",
        ])
        .arg(work.join("target"))
        .env_remove("RUSTFLAGS")
        .env_remove("CARGO_TARGET_DIR")
        .env_remove("CARGO_BUILD_TARGET_DIR")
        .output()
        .expect("cargo runs");
    assert!(
        output.status.success(),
        "the examples do not compile in a user's crate (each file of {} is named after the \
         example's file and line):\n{}",
        project.display(),
        String::from_utf8_lossy(&output.stderr)
    );
}
