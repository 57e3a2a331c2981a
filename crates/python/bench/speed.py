"""Random-play speed of the Python package, per game, on one core (a script, not a test).

    python bench/speed.py [--seconds 1.0] [--envs 1024] [--games kvarn3,cheversi]

For each game it reports, as CPU time of this process (pinned to one core where the system
allows it):
- batch: environment steps per second through `Batch.step`, uniform random legal actions
  drawn in Rust (`Batch.random_actions`), observations and masks written for every game and
  step (`copy=False`: the batch's own arrays), and the same without observations;
- python: the same random play as a pure-Python loop of single `State.play_action` calls
  (actions drawn with `random.choice(state.legal_actions())`), and with `observation()` and
  `legal_action_mask()` asked at every step as a training loop would;
- call: the time of one `Batch.step` call on a batch of one game (the per-call overhead) and
  of one `State.play_action`.
"""

import argparse
import os
import random
import time

import boardrules
from timing import cpu_rate, pin_to_one_core


def batch_rate(game, envs, seconds, observe):
    batch = boardrules.Batch(game, envs, seed=1)
    batch.reset()

    def run():
        for _ in range(10):
            batch.step(batch.random_actions(copy=False), copy=False, observe=observe)
        return 10 * envs

    run()
    return cpu_rate(run, seconds)


def python_rate(game, seconds, observe):
    state = boardrules.new_game(game)
    rng = random.Random(1)

    def run():
        nonlocal state
        for _ in range(100):
            if state.is_over():
                state = boardrules.new_game(game)
            state.play_action(rng.choice(state.legal_actions()))
            if observe:
                state.observation()
                state.legal_action_mask()
        return 100

    return cpu_rate(run, seconds)


def call_times(game, seconds):
    batch = boardrules.Batch(game, 1, seed=1)
    batch.reset()
    actions = batch.random_actions(copy=False)

    def run_batch():
        for _ in range(100):
            batch.random_actions(copy=False)
            batch.step(actions, copy=False)
        return 100

    batch_calls = cpu_rate(run_batch, seconds)

    state = boardrules.new_game(game)
    rng = random.Random(2)
    played = 0

    def run_single():
        nonlocal state, played
        # Only the play_action call is timed: the legal actions are chosen beforehand.
        total = 0.0
        for _ in range(100):
            if state.is_over():
                state = boardrules.new_game(game)
            action = rng.choice(state.legal_actions())
            start = time.perf_counter()
            state.play_action(action)
            total += time.perf_counter() - start
        played += 100
        run_single.elapsed += total
        return 100

    run_single.elapsed = 0.0
    start = time.process_time()
    while time.process_time() - start < seconds:
        run_single()
    return 1e6 / batch_calls, 1e6 * run_single.elapsed / played


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--envs", type=int, default=1024)
    parser.add_argument("--games", default=",".join(boardrules.games()))
    args = parser.parse_args()
    pin_to_one_core()
    print(f"steps per CPU second, one core, batches of {args.envs} games")
    header = (
        f"{'game':<18}{'batch':>12}{'batch, no obs':>15}{'python':>11}"
        f"{'python+obs':>12}{'step call µs':>14}{'play_action µs':>16}"
    )
    print(header)
    for game in args.games.split(","):
        batch = batch_rate(game, args.envs, args.seconds, True)
        bare = batch_rate(game, args.envs, args.seconds, False)
        python = python_rate(game, args.seconds, False)
        python_obs = python_rate(game, args.seconds, True)
        step_call, play_call = call_times(game, args.seconds)
        print(
            f"{game:<18}{batch:>12,.0f}{bare:>15,.0f}{python:>11,.0f}{python_obs:>12,.0f}"
            f"{step_call:>14.2f}{play_call:>16.2f}"
        )


if __name__ == "__main__":
    main()
