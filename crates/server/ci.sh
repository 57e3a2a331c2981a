#!/usr/bin/env bash
# CI for crates/server beyond `cargo test --workspace` (which runs the server's tests):
# a short run of the load tool as a smoke test (it exits 1 when any request fails).
# Works on a fresh machine with Rust: everything it needs is on crates.io.
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo run --release -p boardrules-server --example load -- --games 200 --seconds 5 --think-ms 200
