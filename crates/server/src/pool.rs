//! The engine pool: a fixed number of operating-system threads that run engine searches, off
//! the async runtime.
//!
//! Jobs wait in one first-in-first-out queue. A game has at most one search queued or running
//! at a time (only one seat is to move), so the queue serves the games in turn: a game with a
//! slow engine never holds back another game's search for longer than one search.

use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;

/// A unit of work for a pool thread.
pub(crate) type Job = Box<dyn FnOnce() + Send>;

#[derive(Default)]
struct Queue {
    jobs: VecDeque<Job>,
    stopped: bool,
}

struct Inner {
    queue: Mutex<Queue>,
    ready: Condvar,
}

/// A bounded set of threads taking jobs from a FIFO queue.
pub(crate) struct Pool {
    inner: Arc<Inner>,
    threads: Mutex<Vec<JoinHandle<()>>>,
}

impl Pool {
    /// A pool of `threads` threads (at least one).
    pub(crate) fn new(threads: usize) -> std::io::Result<Pool> {
        let inner = Arc::new(Inner {
            queue: Mutex::new(Queue::default()),
            ready: Condvar::new(),
        });
        let mut handles = Vec::new();
        for n in 0..threads.max(1) {
            let inner = Arc::clone(&inner);
            handles.push(
                std::thread::Builder::new()
                    .name(format!("engine-{n}"))
                    .spawn(move || work(&inner))?,
            );
        }
        Ok(Pool {
            inner,
            threads: Mutex::new(handles),
        })
    }

    /// Queues `job` behind the jobs already waiting (dropped once the pool is stopped).
    pub(crate) fn submit(&self, job: Job) {
        let mut queue = self.inner.queue.lock().unwrap_or_else(|e| e.into_inner());
        if !queue.stopped {
            queue.jobs.push_back(job);
            self.inner.ready.notify_one();
        }
    }

    /// Drops the waiting jobs and ends the threads once their current jobs are done.
    pub(crate) fn stop(&self) {
        let mut queue = self.inner.queue.lock().unwrap_or_else(|e| e.into_inner());
        queue.stopped = true;
        queue.jobs.clear();
        self.inner.ready.notify_all();
        drop(queue);
        let handles = std::mem::take(&mut *self.threads.lock().unwrap_or_else(|e| e.into_inner()));
        for handle in handles {
            let _ = handle.join();
        }
    }
}

fn work(inner: &Inner) {
    loop {
        let job = {
            let mut queue = inner.queue.lock().unwrap_or_else(|e| e.into_inner());
            loop {
                if queue.stopped {
                    return;
                }
                if let Some(job) = queue.jobs.pop_front() {
                    break job;
                }
                queue = inner.ready.wait(queue).unwrap_or_else(|e| e.into_inner());
            }
        };
        // An engine that panics costs its one search, not the thread.
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job));
    }
}
