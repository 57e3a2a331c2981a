use kvarn3::*;
fn main() {
    let start = Position::start();
    let mut p = game_core::Perft::new();
    let mut best = std::time::Duration::MAX;
    let mut n = 0;
    for _ in 0..40 {
        let t = std::time::Instant::now();
        n += p.count(&start, 9);
        best = best.min(t.elapsed());
    }
    println!("{n} best {:?}", best);
}
