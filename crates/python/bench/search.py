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

for _variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")

import numpy as np  # noqa: E402

import boardrules  # noqa: E402
from timing import cpu_rate, pin_to_one_core  # noqa: E402


def trivial(players):
    """An evaluator for a game of `players` players: a uniform prior over the legal actions and
    no opinion on who wins."""
    def evaluate(observations, masks):
        return masks, np.zeros((len(masks), players), np.float32)
    return evaluate


def batched_rate(game, envs, simulations, seconds):
    batch = boardrules.Batch(game, envs, seed=1)
    evaluator = trivial(batch.num_players)
    seed = iter(range(10**9))

    def run():
        batch.mcts(evaluator, simulations=simulations, seed=next(seed))
        return envs * simulations

    run()
    return cpu_rate(run, seconds)


def single_rate(game, simulations, seconds):
    state = boardrules.new_game(game)
    evaluator = trivial(state.num_players)
    seed = iter(range(10**9))

    def run():
        boardrules.mcts([state], evaluator, simulations=simulations, seed=next(seed))
        return simulations

    run()
    return cpu_rate(run, seconds)


def engine_rate(game, simulations, seconds):
    state = boardrules.new_game(game)
    seed = iter(range(10**9))

    def run():
        # A new engine each time: one engine would keep its tree from search to search.
        boardrules.engine("mcts", game, seed=next(seed)).search(state, iterations=simulations)
        return simulations

    run()
    return cpu_rate(run, seconds)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--envs", type=int, default=64)
    parser.add_argument("--simulations", type=int, default=64)
    parser.add_argument("--games", default=",".join(boardrules.games()))
    args = parser.parse_args()
    pin_to_one_core()
    print(f"simulations per CPU second, {args.simulations} per search; batched over "
          f"{args.envs} games")
    print("| game | batched | one state | plain MCTS |")
    print("|---|---|---|---|")
    for game in args.games.split(","):
        rates = [
            batched_rate(game, args.envs, args.simulations, args.seconds),
            single_rate(game, args.simulations, args.seconds),
            engine_rate(game, args.simulations, args.seconds),
        ]
        print(f"| {game} | " + " | ".join(f"{rate / 1000:.1f} k/s" for rate in rates) + " |",
              flush=True)


if __name__ == "__main__":
    main()
