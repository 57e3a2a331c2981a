"""What the bench scripts share: CPU-time rates on one core."""

import os
import time


def pin_to_one_core():
    """Runs this process on one core where the system allows it, so that CPU time is one
    core's time."""
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


def cpu_rate(run, seconds):
    """Calls `run()` (which returns how many things it did) until `seconds` of CPU time have
    passed; returns things per CPU second."""
    done, start = 0, time.process_time()
    while True:
        done += run()
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return done / elapsed
