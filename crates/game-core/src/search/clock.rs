//! The searches' clock: wall time with the `std` feature, none without.

use core::time::Duration;

/// Measures the time since a search started, for [`Limits::time`](super::Limits::time) and
/// [`SearchInfo::elapsed`](super::SearchInfo::elapsed).
///
/// With the `std` feature it reads `std::time::Instant`. Without it there is no clock (a
/// `no_std` target may have none): [`elapsed`](Stopwatch::elapsed) is always zero and no time
/// limit is ever reached, so a search there ends at its depth, node or iteration limit or at its
/// [`StopFlag`](super::StopFlag), which a program can raise from its own timer.
#[derive(Clone, Copy, Debug)]
pub struct Stopwatch {
    #[cfg(feature = "std")]
    started: std::time::Instant,
}

impl Stopwatch {
    /// A stopwatch started now.
    pub fn start() -> Self {
        Stopwatch {
            #[cfg(feature = "std")]
            started: std::time::Instant::now(),
        }
    }

    /// The time since [`start`](Stopwatch::start); zero without the `std` feature.
    pub fn elapsed(&self) -> Duration {
        #[cfg(feature = "std")]
        {
            self.started.elapsed()
        }
        #[cfg(not(feature = "std"))]
        {
            Duration::ZERO
        }
    }

    /// Whether `limit` (when set) has passed since the start; never without the `std` feature.
    pub fn reached(&self, limit: Option<Duration>) -> bool {
        #[cfg(feature = "std")]
        {
            limit.is_some_and(|limit| self.started.elapsed() >= limit)
        }
        #[cfg(not(feature = "std"))]
        {
            let _ = limit;
            false
        }
    }
}
