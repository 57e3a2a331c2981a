"""Search speed of the Python package, per game, on one core (a script, not a test).

    python crates/python/bench/search.py [--seconds 2.0] [--envs 64] [--simulations 64]

For each game it reports simulations per CPU second of this process (pinned to one core where
the system allows it), from each game's start position:
- batched: `Batch.mcts` over `--envs` games with a trivial numpy evaluator (the legal mask as
  the prior, 0 as every value: the evaluator costs about nothing, so this is the search and
  its calls), `--simulations` per game;
- one state: `boardrules.mcts` on a single state with the same evaluator (one evaluator call
  per simulation: the per-call overhead);
- plain MCTS: `State`'s engine search (`engine("mcts", game).search(state, iterations=N)`,
  a new engine each time, as every batched search starts a new tree), the library's UCT with
  random rollouts and no Python in the loop, for comparison.
"""

import argparse
import os
import time

for _variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")

import numpy as np  # noqa: E402

import boardrules  # noqa: E402


def trivial(observations, masks):
    """A uniform prior over the legal actions and no opinion on who wins."""
    return masks, np.zeros((len(masks), PLAYERS[0]), np.float32)


PLAYERS = [2]


def cpu_timed(run, seconds):
    """Calls `run()` (which returns the simulations it ran) until `seconds` of CPU time have
    passed; returns simulations per CPU second."""
    done, start = 0, time.process_time()
    while True:
        done += run()
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return done / elapsed


def batched_rate(game, envs, simulations, seconds):
    batch = boardrules.Batch(game, envs, seed=1)
    seed = iter(range(10**9))

    def run():
        batch.mcts(trivial, simulations=simulations, seed=next(seed))
        return envs * simulations

    run()
    return cpu_timed(run, seconds)


def single_rate(game, simulations, seconds):
    state = boardrules.new_game(game)
    seed = iter(range(10**9))

    def run():
        boardrules.mcts([state], trivial, simulations=simulations, seed=next(seed))
        return simulations

    run()
    return cpu_timed(run, seconds)


def engine_rate(game, simulations, seconds):
    state = boardrules.new_game(game)
    seed = iter(range(10**9))

    def run():
        # A new engine each time: one engine would keep its tree from search to search.
        boardrules.engine("mcts", game, seed=next(seed)).search(state, iterations=simulations)
        return simulations

    run()
    return cpu_timed(run, seconds)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--envs", type=int, default=64)
    parser.add_argument("--simulations", type=int, default=64)
    parser.add_argument("--games", default=",".join(boardrules.games()))
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    print(f"simulations per CPU second, {args.simulations} per search; batched over "
          f"{args.envs} games")
    print("| game | batched | one state | plain MCTS |")
    print("|---|---|---|---|")
    for game in args.games.split(","):
        PLAYERS[0] = boardrules.new_game(game).num_players
        rates = [
            batched_rate(game, args.envs, args.simulations, args.seconds),
            single_rate(game, args.simulations, args.seconds),
            engine_rate(game, args.simulations, args.seconds),
        ]
        print(f"| {game} | " + " | ".join(f"{rate / 1000:.1f} k/s" for rate in rates) + " |",
              flush=True)


if __name__ == "__main__":
    main()
