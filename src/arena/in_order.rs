//! Playing a shard's games on several threads while handing their results on in game order,
//! so that a results file is the same byte for byte whatever the number of threads.

use std::collections::BTreeMap;
use std::sync::{mpsc, Condvar, Mutex, MutexGuard};

use super::schedule::{ScheduledGame, Shard};

/// How many finished games per thread may wait for an earlier one still being played. A slow
/// game holds back the delivery of the games after it; this bound stops the other threads
/// from racing ahead of it, so what is held stays small however long the match.
pub const HELD_PER_THREAD: usize = 4;

/// Plays every game of `games` with `play` on `threads` threads and hands each result to
/// `finished` in the shard's order (the game order of the schedule), whatever order they end
/// in.
///
/// A thread starts game `k` of the shard only when fewer than `threads` ×
/// [`HELD_PER_THREAD`] games lie between it and the oldest result not handed on yet, so at
/// most that many results are ever held. The games are made from the shard one at a time as
/// threads become free. When `finished` fails, no new game is started, the games being played
/// are finished and dropped, and its error is returned.
///
/// With one thread this is a plain loop: play a game, hand it on.
///
/// ```
/// use boardrules::arena::{play_in_order, Schedule};
///
/// let games = Schedule::new(2, 2, 10).shard(1, 1);
/// let mut order = Vec::new();
/// play_in_order(&games, 3, |game| game.index, |index| {
///     order.push(index);
///     Ok::<(), ()>(())
/// })
/// .expect("nothing fails");
/// assert_eq!(order, (0..10).collect::<Vec<_>>());
/// ```
///
/// # Errors
/// The first error of `finished`.
///
/// # Panics
/// When `play` panics (after the other threads have stopped).
pub fn play_in_order<T: Send, E>(
    games: &Shard,
    threads: usize,
    play: impl Fn(&ScheduledGame) -> T + Sync,
    mut finished: impl FnMut(T) -> Result<(), E>,
) -> Result<(), E> {
    let total = games.total();
    let threads = threads.clamp(1, total.max(1));
    let gate = Gate::new(total, threads.saturating_mul(HELD_PER_THREAD));
    let (sender, receiver) = mpsc::channel::<(usize, T)>();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let sender = sender.clone();
            let (gate, play) = (&gate, &play);
            scope.spawn(move || {
                let _stop_on_panic = StopOnPanic(gate);
                while let Some(k) = gate.next_game() {
                    let Some(game) = games.get(k) else { break };
                    if sender.send((k, play(&game))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        let mut deliver = || {
            let mut held = BTreeMap::new();
            let mut delivered = 0;
            for (k, result) in &receiver {
                held.insert(k, result);
                while let Some(result) = held.remove(&delivered) {
                    finished(result)?;
                    delivered += 1;
                    gate.delivered(delivered);
                }
            }
            Ok(())
        };
        let result = deliver();
        // On an error, threads waiting for the delivery to move on must not wait forever.
        gate.stop();
        result
    })
}

/// Which game the threads start next, and how far they may run ahead of the delivery.
struct Gate {
    state: Mutex<GateState>,
    /// Signalled when the delivery moves on or the match stops.
    moved: Condvar,
}

struct GateState {
    /// The shard's games.
    total: usize,
    /// How many games may be started past the oldest one not handed on yet.
    window: usize,
    /// The next game to start.
    next: usize,
    /// Games handed on, in order.
    delivered: usize,
    /// No game is to be started any more.
    stopped: bool,
}

impl Gate {
    fn new(total: usize, window: usize) -> Gate {
        Gate {
            state: Mutex::new(GateState {
                total,
                window: window.max(1),
                next: 0,
                delivered: 0,
                stopped: false,
            }),
            moved: Condvar::new(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, GateState> {
        // A thread that panicked while holding the lock left the state whole (every update
        // is one assignment), so its poison is no reason to stop.
        self.state
            .lock()
            .unwrap_or_else(|poison| poison.into_inner())
    }

    /// The next game to play, once it is within the window; `None` when there is none left
    /// or the match stopped.
    fn next_game(&self) -> Option<usize> {
        let mut state = self.lock();
        loop {
            if state.stopped || state.next >= state.total {
                return None;
            }
            if state.next < state.delivered.saturating_add(state.window) {
                state.next += 1;
                return Some(state.next - 1);
            }
            state = self
                .moved
                .wait(state)
                .unwrap_or_else(|poison| poison.into_inner());
        }
    }

    /// `count` games have been handed on.
    fn delivered(&self, count: usize) {
        self.lock().delivered = count;
        self.moved.notify_all();
    }

    /// No more games are to be started.
    fn stop(&self) {
        self.lock().stopped = true;
        self.moved.notify_all();
    }
}

/// Stops the match when its thread unwinds, so that the others do not wait for a result that
/// will never come.
struct StopOnPanic<'a>(&'a Gate);

impl Drop for StopOnPanic<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.stop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::Schedule;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    #[test]
    fn results_come_in_game_order_when_the_first_game_is_the_slowest() {
        let games = Schedule::new(2, 2, 40).shard(1, 1);
        let delivered = AtomicUsize::new(0);
        let mut order = Vec::new();
        let result: Result<(), ()> = play_in_order(
            &games,
            3,
            |game| {
                // No game starts further ahead of the delivery than the bound.
                let window = 3 * HELD_PER_THREAD;
                assert!(game.index < delivered.load(Ordering::SeqCst) + window);
                if game.index == 0 {
                    std::thread::sleep(Duration::from_millis(200));
                }
                game.index
            },
            |index| {
                order.push(index);
                delivered.fetch_add(1, Ordering::SeqCst);
                Ok(())
            },
        );
        assert_eq!(result, Ok(()));
        assert_eq!(order, (0..40).collect::<Vec<_>>());
    }

    #[test]
    fn a_failing_delivery_stops_the_match_with_its_error() {
        let games = Schedule::new(2, 2, 1_000).shard(1, 1);
        let played = AtomicUsize::new(0);
        let result = play_in_order(
            &games,
            2,
            |game| {
                played.fetch_add(1, Ordering::SeqCst);
                game.index
            },
            |index| if index == 5 { Err(index) } else { Ok(()) },
        );
        assert_eq!(result, Err(5));
        // The games after the failure that had started, within the window, and no more.
        assert!(played.load(Ordering::SeqCst) <= 6 + 2 * HELD_PER_THREAD);
    }

    #[test]
    fn a_panicking_game_ends_the_match_instead_of_hanging_it() {
        let games = Schedule::new(2, 2, 100).shard(1, 1);
        let outcome = std::panic::catch_unwind(|| {
            play_in_order(
                &games,
                2,
                |game| {
                    assert_ne!(game.index, 3, "game 3 fails");
                    game.index
                },
                |_| Ok::<(), ()>(()),
            )
        });
        assert!(outcome.is_err());
    }

    #[test]
    fn an_empty_shard_plays_nothing() {
        let games = Schedule::new(2, 2, 0).shard(1, 1);
        let result = play_in_order(
            &games,
            4,
            |_| unreachable!("no game"),
            |()| Ok::<(), ()>(()),
        );
        assert_eq!(result, Ok(()));
    }
}
