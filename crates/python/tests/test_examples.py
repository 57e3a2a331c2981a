"""The learning examples run: one short AlphaZero iteration on Kvarn3 up to the solver's
verdict, and the Ray self-play example for a few seconds on a local cluster (when Ray is
installed). Each runs as its user would start it, in a process of its own with a deadline."""

import importlib.util
import pathlib
import subprocess
import sys

import pytest

EXAMPLES = pathlib.Path(__file__).resolve().parent.parent / "examples"


def run(script, *args, timeout=300):
    return subprocess.run(
        [sys.executable, str(EXAMPLES / script), *args],
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def test_one_short_alphazero_iteration_ends_with_the_solvers_verdict():
    done = run(
        "alphazero.py",
        "--iterations", "1", "--games", "8", "--moves", "3", "--simulations", "8",
        "--train-steps", "4", "--check-simulations", "4",
    )
    out = done.stdout
    assert "iteration 1:" in out, done.stderr
    assert "solver check:" in out and "reachable positions" in out, out
    # The verdict decides the exit code: 0 when the goal is met, 1 when not (a short run).
    verdict = out.strip().splitlines()[-1]
    assert verdict.startswith("verdict: goal"), out
    assert done.returncode == (0 if "goal met" in verdict else 1), (done.returncode, verdict)


@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="needs Ray core")
def test_ray_self_play_runs_on_a_local_cluster():
    done = run(
        "ray_selfplay.py",
        "--actors", "2", "--games", "8", "--simulations", "8", "--moves", "4",
        "--iterations", "50", "--seconds", "5",
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "iteration 1:" in done.stdout and "from 2 actors" in done.stdout
    assert "self-play done:" in done.stdout
