"""Speed of the vector environment and of choosing legal actions, per game (a script, not a
test).

    python bench/vector.py [--seconds 1.0] [--envs 256] [--games kvarn3,sundraval] [--size 11]

Reported as CPU time of this process, pinned to one core where the system allows it:
- vector: agent steps per second of ``boardrules.vector.VectorEnv`` against the random
  opponent (each step is the agent's move and the opponent's reply in every game, final
  observations and infos included), the agent's actions drawn by ``Batch.random_actions``;
- sync: the same with Gymnasium's ``SyncVectorEnv`` over ``n`` single environments
  (``boardrules.gymnasium.env``, the ``random`` engine as opponent), the Python loop the
  vector environment replaces;
- choosing one uniform legal action per game, games per second: from the dense masks
  ``Batch.step`` returns (``np.flatnonzero`` per row, as a numpy user does), from the sparse
  rows of ``Batch.legal_actions()`` (one vectorised draw over the offsets), and
  ``Batch.random_actions()`` (drawn in Rust).
"""

import argparse

import numpy as np

import boardrules
import boardrules.vector
from timing import cpu_rate, pin_to_one_core


def vector_rate(game, n, size, seconds):
    venv = boardrules.vector.VectorEnv(game, n, opponent="random", size=size, seed=1)
    venv.reset(seed=1)

    def run():
        for _ in range(5):
            venv.step(venv.batch.random_actions())
        return 5 * n

    return cpu_rate(run, seconds)


def sync_rate(game, n, size, seconds):
    import gymnasium

    venv = gymnasium.vector.SyncVectorEnv(
        [lambda: boardrules.gymnasium.env(game, size=size) for _ in range(n)],
        autoreset_mode=gymnasium.vector.AutoresetMode.SAME_STEP,
    )
    _, infos = venv.reset(seed=1)
    rng = np.random.default_rng(0)

    def run():
        nonlocal infos
        for _ in range(5):
            actions = [rng.choice(np.flatnonzero(mask)) for mask in infos["action_mask"]]
            _, _, _, _, infos = venv.step(np.array(actions))
        return 5 * n

    return cpu_rate(run, seconds)


def choice_rates(game, n, size, seconds):
    batch = boardrules.Batch(game, n, size=size, seed=2)
    _, masks, _ = batch.reset()
    # A position a few plies in (Sundraval's opening is its largest action set; later
    # positions are more typical of a game).
    for _ in range(4):
        _, masks, _, _, _ = batch.step(batch.random_actions())
    rng = np.random.default_rng(0)

    def dense():
        np.array([rng.choice(np.flatnonzero(row)) for row in masks])
        return n

    def sparse():
        offsets, ids = batch.legal_actions()
        counts = np.diff(offsets)
        ids[offsets[:-1] + (rng.random(n) * counts).astype(np.int64)]
        return n

    def rust():
        batch.random_actions(copy=False)
        return n

    return cpu_rate(dense, seconds), cpu_rate(sparse, seconds), cpu_rate(rust, seconds)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--envs", type=int, default=256)
    parser.add_argument("--games", default=",".join(boardrules.games()))
    parser.add_argument("--size", default=None, help="board size (for one game)")
    args = parser.parse_args()
    pin_to_one_core()
    print(f"per CPU second, one core, {args.envs} games")
    print(
        f"{'game':<18}{'vector steps':>14}{'sync steps':>12}{'dense choice':>14}"
        f"{'sparse choice':>15}"
        f"{'rust choice':>13}{'actions':>9}"
    )
    for game in args.games.split(","):
        vector = vector_rate(game, args.envs, args.size, args.seconds)
        sync = sync_rate(game, args.envs, args.size, args.seconds)
        dense, sparse, rust = choice_rates(game, args.envs, args.size, args.seconds)
        actions = boardrules.new_game(game, size=args.size).num_actions
        print(
            f"{game:<18}{vector:>14,.0f}{sync:>12,.0f}{dense:>14,.0f}{sparse:>15,.0f}{rust:>13,.0f}"
            f"{actions:>9}"
        )


if __name__ == "__main__":
    main()
