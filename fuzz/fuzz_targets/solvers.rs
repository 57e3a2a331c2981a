//! Fuzz target for the solvers: the first byte picks Kvarn3's perfect-play table or Cheversi's
//! endgame solver, the rest is a seeded position of that game (see `boardrules_fuzz`). Every
//! position that parses is solved: the solver never panics, its best moves are legal, and it
//! has a best move exactly when the game goes on.

#![no_main]

use std::cell::RefCell;

use boardrules_fuzz::SeedTexts;
use game_core::Game;

static KVARN3: SeedTexts = SeedTexts::new(boardrules_fuzz::seed_texts::<kvarn3::Position>);
static CHEVERSI: SeedTexts = SeedTexts::new(boardrules_fuzz::seed_texts::<cheversi::Position>);

/// Placements left that the Cheversi solver takes on here: fewer than its default 8, so a
/// run makes hundreds of solves a second rather than a dozen.
const CHEVERSI_MAX_LEFT: u8 = 5;

thread_local! {
    /// One solver (and its 4 MiB table) for the whole run.
    static CHEVERSI_SOLVER: RefCell<cheversi::Solver> =
        RefCell::new(cheversi::Solver::new().with_max_placements_left(CHEVERSI_MAX_LEFT));
}

fn kvarn3(data: &[u8]) {
    let Some((text, _)) = boardrules_fuzz::seeded(data, KVARN3.get()) else {
        return;
    };
    let Ok(pos) = text.parse::<kvarn3::Position>() else {
        return;
    };
    let solver = kvarn3::Solver::shared();
    let _ = solver.value(&pos);
    let best = solver.best_moves(&pos);
    let legal = pos.legal_moves();
    assert!(best.iter().all(|mv| legal.contains(mv)), "{pos}");
    assert_eq!(best.is_empty(), legal.is_empty(), "{pos}");
    let values = solver.move_values(&pos);
    assert_eq!(values.len(), legal.len(), "{pos}");
}

fn cheversi(data: &[u8]) {
    let Some((text, _)) = boardrules_fuzz::seeded(data, CHEVERSI.get()) else {
        return;
    };
    let Ok(pos) = text.parse::<cheversi::Position>() else {
        return;
    };
    CHEVERSI_SOLVER.with_borrow_mut(|solver| {
        if let Ok(solution) = solver.solve(&pos) {
            match solution.best_move {
                Some(mv) => assert!(pos.is_legal(mv), "{pos}: {mv:?}"),
                None => assert!(pos.outcome().is_some(), "{pos}: no best move"),
            }
        }
    });
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    match data.split_first() {
        Some((&which, rest)) if which % 2 == 0 => kvarn3(rest),
        Some((_, rest)) => cheversi(rest),
        None => {}
    }
});
