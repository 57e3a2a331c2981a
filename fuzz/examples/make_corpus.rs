//! Writes the committed seed corpus (`fuzz/corpus/<target>/`) and the notation dictionaries
//! (`fuzz/dict/<game>.dict`, `fuzz/dict/json.dict`) from the seed positions of
//! `boardrules_fuzz`, so both can be regenerated after a notation changes:
//!
//! ```text
//! cd fuzz && cargo +nightly run --example make_corpus
//! ```
//!
//! Every file name is the input's content hash, so rerunning changes nothing that did not
//! change.

use std::collections::{BTreeSet, HashSet};
use std::fs;
use std::hash::{Hash, Hasher};
use std::path::Path;

use game_core::{DrawRules, Game, GameRecord, Rng};
use serde::Serialize;

struct Corpus {
    target: &'static str,
    written: HashSet<Vec<u8>>,
}

impl Corpus {
    fn new(target: &'static str) -> Self {
        let dir = Path::new("corpus").join(target);
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("create the corpus directory");
        Self {
            target,
            written: HashSet::new(),
        }
    }

    fn add(&mut self, input: Vec<u8>) {
        if !self.written.insert(input.clone()) {
            return;
        }
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        input.hash(&mut hasher);
        let name = format!("seed-{:016x}", hasher.finish());
        fs::write(Path::new("corpus").join(self.target).join(name), input)
            .expect("write a corpus file");
    }
}

/// Move texts to try in `pos`: a few legal ones and some near-misses.
fn move_lines<G: Game>(pos: &G, rng: &mut Rng) -> Vec<String> {
    let moves = pos.legal_moves();
    let mut lines = Vec::new();
    for _ in 0..3 {
        if let Some(&mv) = rng.choose(&moves) {
            let text = pos.move_text(mv);
            lines.push(text.clone());
            // Near-misses: the text cut short, doubled, with a stray character.
            lines.push(text[..text.len() / 2].to_owned());
            lines.push(format!("{text}9"));
        }
    }
    lines
}

fn game_corpus<G: Game>(target: &'static str, seeds: &[G], raw: bool) -> Vec<String> {
    let mut corpus = Corpus::new(target);
    let mut rng = Rng::new(5);
    let mut words = Vec::new();
    for (index, pos) in seeds.iter().enumerate() {
        let pick = index as u8;
        let lines = move_lines(pos, &mut rng);
        words.extend(lines.iter().cloned());
        words.push(pos.to_string());
        let tail = format!("{}\n#\n", lines.join("\n"));
        // Seeded: mode, pick, no edits, then moves, then index bytes.
        let mut input = vec![0, pick, 0];
        input.extend_from_slice(tail.as_bytes());
        input.extend_from_slice(&[3, 1, 4, 1, 5, 9, 2, 6]);
        corpus.add(input);
        // Near-misses: one or two bytes of the position text changed.
        corpus.add(vec![0, pick, 1, rng.below(256) as u8, b'.']);
        corpus.add(vec![0, pick, 2, rng.below(256) as u8, b'x', 200, b' ']);
        if raw {
            let mut input = vec![0x80, 0];
            input.extend_from_slice(format!("{pos}\n{tail}").as_bytes());
            corpus.add(input);
        }
    }
    words
}

/// Dictionary entries: the distinct move texts and position words of a game, quoted for
/// libFuzzer (at most 250, shortest first: the notation's tokens).
fn write_dict(name: &str, texts: &[String], extra: &[&str]) {
    let mut tokens: BTreeSet<String> = BTreeSet::new();
    for text in texts {
        for word in text.split(|c: char| c.is_whitespace() || c == '/' || c == ',') {
            if !word.is_empty() && word.len() <= 12 {
                tokens.insert(word.to_owned());
            }
        }
        for c in text.chars().filter(|c| !c.is_alphanumeric()) {
            tokens.insert(c.to_string());
        }
    }
    tokens.extend(extra.iter().map(|s| s.to_string()));
    let mut tokens: Vec<String> = tokens.into_iter().collect();
    tokens.sort_by_key(|t| (t.len(), t.clone()));
    tokens.truncate(250);
    let mut out =
        format!("# {name}: notation tokens, written by `cargo run --example make_corpus`\n");
    for token in tokens {
        let escaped: String = token
            .bytes()
            .map(|b| match b {
                b'"' | b'\\' => format!("\\{}", b as char),
                0x20..=0x7e => (b as char).to_string(),
                _ => format!("\\x{b:02X}"),
            })
            .collect();
        out.push_str(&format!("\"{escaped}\"\n"));
    }
    fs::create_dir_all("dict").expect("create dict/");
    fs::write(format!("dict/{name}.dict"), out).expect("write a dictionary");
}

fn json_of_records<G: Game>(seeds: &[G], game: u8, corpus: &mut Corpus) {
    let mut rng = Rng::new(11);
    for start in seeds.iter().take(12) {
        let mut record = GameRecord::new(*start);
        for _ in 0..rng.below(12) {
            let moves = record.legal_moves();
            let Some(&mv) = rng.choose(&moves) else { break };
            record.play(mv).expect("a generated move is legal");
        }
        let json = serde_json::to_string(&record).expect("a record serializes");
        let mut input = vec![game];
        input.extend_from_slice(json.as_bytes());
        corpus.add(input);
    }
    // Hostile rules and texts.
    let start = seeds[0].to_string();
    for rules in [
        r#"{"repetitions":4294967295,"no_progress_plies":4294967295,"move_cap":4294967295}"#,
        r#"{"repetitions":1,"no_progress_plies":null,"move_cap":null}"#,
        r#"{"repetitions":0,"no_progress_plies":0,"move_cap":0}"#,
        r#"{"repetitions":null,"no_progress_plies":null,"move_cap":null}"#,
    ] {
        let json = format!(
            r#"{{"format":1,"game":"{}","start":{start:?},"rules":{rules},"moves":[]}}"#,
            G::NAME
        );
        let mut input = vec![game];
        input.extend_from_slice(json.as_bytes());
        corpus.add(input);
    }
    let rules = DrawRules::THREEFOLD;
    let json = format!(
        r#"{{"format":1,"game":"{}","start":{start:?},"rules":{},"moves":["{}"]}}"#,
        G::NAME,
        serde_json::to_string(&rules).expect("rules serialize"),
        "z".repeat(300)
    );
    let mut input = vec![game];
    input.extend_from_slice(json.as_bytes());
    corpus.add(input);
}

fn foreign_moves<G: Game>(seeds: &[G], game: u8, corpus: &mut Corpus)
where
    G::Move: Serialize,
{
    for (index, pos) in seeds.iter().enumerate().take(40) {
        let other = &seeds[(index * 7 + 3) % seeds.len()];
        let mut lines: Vec<String> = other
            .legal_moves()
            .iter()
            .take(3)
            .map(|mv| serde_json::to_string(mv).expect("a move serializes"))
            .collect();
        lines.extend(
            pos.legal_moves()
                .iter()
                .take(2)
                .map(|mv| serde_json::to_string(mv).expect("a move serializes")),
        );
        lines.push(String::from_utf8(vec![index as u8 % 128, 5]).unwrap_or_default());
        let mut input = vec![game, index as u8, 0];
        input.extend_from_slice(lines.join("\n").as_bytes());
        corpus.add(input);
    }
}

fn seeds_past_opening<G: Game>(seeds: Vec<G>) -> Vec<G> {
    seeds
        .into_iter()
        .filter(|pos| pos.legal_moves().len() <= 200)
        .collect()
}

fn main() {
    let kvarn3 = boardrules_fuzz::seeds::<kvarn3::Position>();
    let draughts = boardrules_fuzz::seeds::<swedish_draughts::Position>();
    let cheversi = boardrules_fuzz::seeds::<cheversi::Position>();
    let sundraval = seeds_past_opening(boardrules_fuzz::seeds::<sundraval::Position>());
    let svendo = boardrules_fuzz::svendo_seeds();
    let finished = boardrules_fuzz::sundraval_finished();

    let words = game_corpus("kvarn3", &kvarn3, true);
    write_dict("kvarn3", &words, &["-"]);
    let words = game_corpus("swedish_draughts", &draughts, true);
    write_dict("swedish_draughts", &words, &["W:", "B:", "K", "x", "-"]);
    let words = game_corpus("cheversi", &cheversi, true);
    write_dict("cheversi", &words, &[]);
    let words = game_corpus("sundraval", &sundraval, false);
    write_dict("sundraval", &words, &[]);
    let words = game_corpus("svendo", &svendo, true);
    write_dict("svendo", &words, &[]);

    let mut corpus = Corpus::new("record_json");
    json_of_records(&kvarn3, 0, &mut corpus);
    json_of_records(&draughts, 1, &mut corpus);
    json_of_records(&cheversi, 2, &mut corpus);
    json_of_records(&sundraval, 3, &mut corpus);
    json_of_records(&svendo, 4, &mut corpus);

    let mut corpus = Corpus::new("foreign_moves");
    foreign_moves(&kvarn3, 0, &mut corpus);
    foreign_moves(&draughts, 1, &mut corpus);
    foreign_moves(&cheversi, 2, &mut corpus);
    foreign_moves(&sundraval, 3, &mut corpus);
    foreign_moves(&svendo, 4, &mut corpus);

    let mut corpus = Corpus::new("perft");
    for (game, count) in [
        (0u8, kvarn3.len()),
        (1, draughts.len()),
        (2, cheversi.len()),
        (3, sundraval.len()),
        (4, svendo.len()),
    ] {
        for pick in 0..count.min(40) {
            corpus.add(vec![game, pick as u8 % 2, pick as u8, 0]);
        }
    }

    let mut corpus = Corpus::new("solvers");
    for pick in 0..kvarn3.len().min(64) {
        corpus.add(vec![0, pick as u8, 0]);
    }
    for pick in 0..cheversi.len().min(64) {
        corpus.add(vec![1, pick as u8, 0]);
    }

    let mut corpus = Corpus::new("sundraval_scores");
    for pick in 0..finished.len() {
        corpus.add(vec![pick as u8, 0]);
        corpus.add(vec![pick as u8, 1, (pick * 37 % 256) as u8, b'.']);
        corpus.add(vec![pick as u8, 2, 90, b'b', 170, b'w']);
    }

    write_dict(
        "json",
        &[],
        &[
            "{",
            "}",
            "[",
            "]",
            ":",
            ",",
            "\"",
            "null",
            "true",
            "false",
            "\"format\"",
            "\"game\"",
            "\"size\"",
            "\"start\"",
            "\"rules\"",
            "\"moves\"",
            "\"repetitions\"",
            "\"no_progress_plies\"",
            "\"move_cap\"",
            "4294967295",
            "-1",
            "0",
            "1",
            "1e9",
        ],
    );
    eprintln!("corpus and dictionaries written under corpus/ and dict/");
}
