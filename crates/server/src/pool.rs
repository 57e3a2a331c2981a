//! The engine pool: operating-system threads that run engine searches, off the async runtime,
//! in two budgets that never wait for each other.
//!
//! - Games with a person at a seat ([`Class::Seated`]) have `--engine-threads` threads and
//!   one first-in-first-out queue. A game has at most one search queued or running (only one
//!   seat is to move), so the queue serves the games in turn; and a search's time counts from
//!   when its turn began, not from when a thread took it, so a search that waited in the queue
//!   thinks only for what is left of its time (at least [`MIN_THINK`]) and every such game
//!   hears its engine within its own `time_ms` and the queue's few milliseconds.
//! - Games with every seat an engine ([`Class::EngineOnly`]) have a thread of their own and a
//!   queue of their own, and at most `--max-engine-games` of them run at once: however many
//!   there are and however long they think, they never hold a thread that a person's game
//!   waits for.
//!
//! This is a separate budget rather than priorities or time slices: a search cannot be paused
//! and resumed (the library's searches run to their limit), so a priority queue would still
//! leave a person's game behind a minute-long search that had started first, and slicing would
//! need searches that keep their trees between slices.

use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// The least time a search is given when its turn's time ran out while it waited.
pub(crate) const MIN_THINK: Duration = Duration::from_millis(20);

/// A unit of work for a pool thread.
pub(crate) type Job = Box<dyn FnOnce() + Send>;

/// Which budget a search runs in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Class {
    /// A game with at least one person at a seat.
    Seated,
    /// A game of engines only.
    EngineOnly,
}

#[derive(Default)]
struct Queue {
    jobs: VecDeque<Job>,
    stopped: bool,
}

struct Lane {
    queue: Mutex<Queue>,
    ready: Condvar,
}

impl Lane {
    fn new() -> Arc<Lane> {
        Arc::new(Lane {
            queue: Mutex::new(Queue::default()),
            ready: Condvar::new(),
        })
    }

    fn queue(&self) -> std::sync::MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Two sets of threads, each taking jobs from its own FIFO queue.
pub(crate) struct Pool {
    seated: Arc<Lane>,
    engine_only: Arc<Lane>,
    threads: Mutex<Vec<JoinHandle<()>>>,
}

impl Pool {
    /// A pool of `threads` threads (at least one) for games with a person, and one for games
    /// of engines only.
    pub(crate) fn new(threads: usize) -> std::io::Result<Pool> {
        let seated = Lane::new();
        let engine_only = Lane::new();
        let mut handles = Vec::new();
        let lanes = (0..threads.max(1))
            .map(|n| (format!("engine-{n}"), Arc::clone(&seated)))
            .chain(std::iter::once((
                "engine-only".to_owned(),
                Arc::clone(&engine_only),
            )));
        for (name, lane) in lanes {
            handles.push(
                std::thread::Builder::new()
                    .name(name)
                    .spawn(move || work(&lane))?,
            );
        }
        Ok(Pool {
            seated,
            engine_only,
            threads: Mutex::new(handles),
        })
    }

    /// Queues `job` in its class's queue, behind the jobs already waiting there (dropped once
    /// the pool is stopped).
    pub(crate) fn submit(&self, class: Class, job: Job) {
        let lane = match class {
            Class::Seated => &self.seated,
            Class::EngineOnly => &self.engine_only,
        };
        let mut queue = lane.queue();
        if !queue.stopped {
            queue.jobs.push_back(job);
            lane.ready.notify_one();
        }
    }

    /// Drops the waiting jobs and ends the threads once their current jobs are done.
    pub(crate) fn stop(&self) {
        for lane in [&self.seated, &self.engine_only] {
            let mut queue = lane.queue();
            queue.stopped = true;
            queue.jobs.clear();
            lane.ready.notify_all();
        }
        let handles = std::mem::take(&mut *self.threads.lock().unwrap_or_else(|e| e.into_inner()));
        for handle in handles {
            let _ = handle.join();
        }
    }
}

fn work(lane: &Lane) {
    loop {
        let job = {
            let mut queue = lane.queue();
            loop {
                if queue.stopped {
                    return;
                }
                if let Some(job) = queue.jobs.pop_front() {
                    break job;
                }
                queue = lane.ready.wait(queue).unwrap_or_else(|e| e.into_inner());
            }
        };
        // An engine that panics costs its one search, not the thread.
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job));
    }
}
