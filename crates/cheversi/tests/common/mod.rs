//! What Cheversi's measurement tests share (the solver's and the strength test's).

use std::time::Duration;

/// The CPU time of this thread so far (Linux: `/proc/thread-self/schedstat`), so that a
/// measurement on a loaded machine counts only the measured code's own work; `None` elsewhere.
pub(crate) fn thread_cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(nanos))
}
