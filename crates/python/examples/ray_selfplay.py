"""Self-play on Ray: ``--actors`` actors, each running a ``boardrules.Batch`` of ``--games``
games searched with the batched PUCT search (``Batch.mcts``), send their finished games'
positions to the learner, which trains the network and sends its weights back.

    python crates/python/examples/ray_selfplay.py --actors 4 --iterations 50
    python crates/python/examples/ray_selfplay.py --address auto      # an existing cluster

The network is a linear policy/value model in numpy (the plumbing is the point; see
``alphazero.py`` for the real network). Each iteration the learner puts its weights in Ray's
object store once, every actor plays ``--moves`` moves of all its games with them, and the
learner gathers the positions of the games that ended (observation, legal mask, visit policy,
result counted from the player to move) and takes a few gradient steps on them. Without
``--address`` Ray starts a local cluster (``num_cpus`` = ``--actors``).
"""

import argparse
import os
import sys
import time

for _variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")  # small matrices: BLAS threads only wait

import numpy as np  # noqa: E402
import ray  # noqa: E402

import boardrules  # noqa: E402


class LinearNet:
    """Policy logits and per-player values (counted from the player to move), both linear in
    the flattened observation."""

    def __init__(self, inputs, actions, players):
        self.policy = np.zeros((inputs + 1, actions), np.float32)
        self.value = np.zeros((inputs + 1, players), np.float32)

    @staticmethod
    def features(observations):
        x = observations.reshape(len(observations), -1)
        return np.hstack([x, np.ones((len(x), 1), np.float32)])

    def evaluate(self, observations, masks):
        """The evaluator of ``Batch.mcts``."""
        x = self.features(observations)
        logits = np.where(masks, x @ self.policy, -np.inf)
        priors = np.exp(logits - logits.max(axis=1, keepdims=True))
        return priors / priors.sum(axis=1, keepdims=True), np.tanh(x @ self.value)

    def train(self, observations, masks, policies, values, steps=20, lr=0.05):
        """Gradient steps on cross-entropy to the visit policies and squared error to the
        results; returns the last (policy loss, value loss)."""
        x = self.features(observations)
        n = len(x)
        for _ in range(steps):
            priors, v = self.evaluate(observations, masks)
            self.policy -= lr * x.T @ (priors - policies) / n
            self.value -= lr * x.T @ ((v - values) * (1 - v * v)) / n
        policy_loss = -np.sum(policies * np.log(priors + 1e-9)) / n
        return policy_loss, float(np.mean((v - values) ** 2))


@ray.remote
class SelfPlayActor:
    """One process of self-play: a batch of games, searched all at once."""

    def __init__(self, game, games, simulations, seed, max_plies=100):
        self.batch = boardrules.Batch(game, games, seed=seed, max_plies=max_plies)
        self.observations, self.masks, self.to_move = self.batch.reset()
        self.pending = [[] for _ in range(games)]
        self.simulations, self.seed, self.round = simulations, seed, 0
        probe = boardrules.new_game(game)
        self.net = LinearNet(int(np.prod(probe.observation_shape)), probe.num_actions,
                             probe.num_players)

    def play(self, weights, moves):
        """Plays ``moves`` moves in every game with the learner's ``weights``; returns the
        positions of the games that ended as arrays, and the number of those games."""
        self.net.policy, self.net.value = weights
        batch, out, ended = self.batch, [], 0
        for _ in range(moves):
            self.round += 1
            results = batch.mcts(self.net.evaluate, simulations=self.simulations,
                                 root_noise=(1.0, 0.25), seed=self.seed * 1_000_003 + self.round)
            for i, result in enumerate(results):
                self.pending[i].append((self.observations[i], self.masks[i], result.policy,
                                        int(self.to_move[i])))
            self.observations, self.masks, rewards, done, self.to_move = batch.step(
                [r.action for r in results])
            for i in np.flatnonzero(done):
                ended += 1
                for observation, mask, policy, mover in self.pending[i]:
                    out.append((observation, mask, policy, np.roll(rewards[i], -mover)))
                self.pending[i] = []
        if not out:
            return None, ended
        return tuple(np.stack(column) for column in zip(*out)), ended


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="kvarn3")
    parser.add_argument("--actors", type=int, default=2)
    parser.add_argument("--games", type=int, default=32, help="games per actor")
    parser.add_argument("--simulations", type=int, default=32)
    parser.add_argument("--moves", type=int, default=8, help="moves per game per iteration")
    parser.add_argument("--iterations", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=None,
                        help="stop after the iteration that passes this much wall time")
    parser.add_argument("--address", default=None, help="a Ray cluster to join")
    args = parser.parse_args(argv)

    if args.address:
        ray.init(address=args.address)
    else:
        ray.init(num_cpus=args.actors, include_dashboard=False, log_to_driver=False)
    began = time.perf_counter()
    probe = boardrules.new_game(args.game)
    net = LinearNet(int(np.prod(probe.observation_shape)), probe.num_actions,
                    probe.num_players)
    actors = [SelfPlayActor.remote(args.game, args.games, args.simulations, seed)
              for seed in range(args.actors)]
    total_games = total_positions = 0
    for iteration in range(args.iterations):
        weights = ray.put((net.policy, net.value))
        gathered = ray.get([actor.play.remote(weights, args.moves) for actor in actors])
        parts = [part for part, _ in gathered if part is not None]
        total_games += sum(ended for _, ended in gathered)
        losses = ""
        if parts:
            data = [np.concatenate(column) for column in zip(*parts)]
            total_positions += len(data[0])
            policy_loss, value_loss = net.train(*data)
            losses = f", policy loss {policy_loss:.3f}, value loss {value_loss:.3f}"
        print(f"iteration {iteration + 1}: {total_games} games, {total_positions} positions "
              f"from {len(actors)} actors{losses}, {time.perf_counter() - began:.1f} s",
              flush=True)
        if args.seconds is not None and time.perf_counter() - began > args.seconds:
            break
    ray.shutdown()
    print(f"self-play done: {total_games} games, {total_positions} positions")
    return 0 if total_games > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
