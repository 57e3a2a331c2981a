//! Random-game statistics: how games end, how long they last.
use svendo::{Game, Position, Responsibility};
fn main() {
    let mut rng = game_core::Rng::new(1);
    let mut moves = Vec::new();
    let n = 2000;
    let (mut won, mut rules, mut total_mm, mut restricted, mut threat_pos, mut positions) = (0, [0; 4], 0u64, 0, 0, 0u64);
    let t = std::time::Instant::now();
    for _ in 0..n {
        let mut pos = Position::start();
        let mut mm = 0;
        while pos.outcome().is_none() && mm < 300 {
            pos.legal_moves_into(&mut moves);
            if !pos.is_placement() {
                positions += 1;
                if pos.anyone_threatens() { threat_pos += 1; }
            }
            let mv = *rng.choose(&moves).unwrap();
            if matches!(mv, svendo::Move::Slide { .. }) { mm += 1; }
            pos.play_unchecked(mv);
        }
        total_mm += mm;
        if let Some(w) = pos.win() { won += 1; rules[w.rule.number() as usize] += 1; }
    }
    let el = t.elapsed();
    let _ = Responsibility::Free;
    let _ = &mut restricted;
    println!("{n} games in {el:?}: won {won}, rules {rules:?}, avg movement moves {}, threat positions {threat_pos}/{positions}", total_mm as f64 / n as f64);
}
