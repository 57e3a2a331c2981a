//! scratch
use cheversi::game_core::{Limits, Rng, StopFlag};
use cheversi::{default_engine, Game, GameRecord, Position};

#[test]
#[ignore]
fn scratch_nodes_to_depth() {
    let depth: u32 = std::env::var("D")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(5);
    let mut total = 0u64;
    for seed in 0..12u64 {
        let mut rng = Rng::new(seed);
        let mut pos = Position::start();
        for _ in 0..(3 + seed % 2) {
            let moves = pos.legal_moves();
            pos.play_unchecked(*rng.choose(&moves).unwrap());
        }
        let mut engine = default_engine(seed);
        let record = GameRecord::new(pos);
        let r = engine.search(
            &record,
            &Limits::depth(depth),
            &StopFlag::new(),
            &mut |_| {},
        );
        total += r.info.nodes;
        print!("{} ", r.info.nodes);
    }
    println!("\ntotal {total}");
}
