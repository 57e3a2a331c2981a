"""AlphaZero on boardrules, in numpy: self-play with the batched PUCT search
(``Batch.mcts``), the board's symmetries as augmentation, a small policy/value network.

    python crates/python/examples/alphazero.py                      # Kvarn3, then the check
    python crates/python/examples/alphazero.py --game cheversi --match 100

One iteration: every game of a ``Batch`` is searched at once (``--simulations`` per move, the
leaves of all the searches valued by the network in one call per round, Dirichlet noise at the
root, moves drawn by the visit counts for the first ``--explore-plies`` plies of a game and
the most visited after), each position is kept with its visit policy, and when a game ends
its result becomes the value target of its positions. Every position enters the replay buffer
under each of the board's symmetries (``State.symmetries()`` maps the observation and the
action ids). The network then takes ``--train-steps`` Adam steps on the buffer.

The network: the observation (the player to move's view) flattened, two ReLU layers, a
policy head over the action ids (softmax over the legal ones) and a value head with one
``tanh`` value per player, counted from the player to move (what ``boardrules.mcts`` reads).

Kvarn3 is solved (its ``default`` engine is the exact solver), so at the end the example checks
the trained player against it: in every position reachable from the start that is not over,
the network with ``--check-simulations`` simulations (temperature 0) must choose a move that
keeps the position's value (a win stays a win, a draw a draw; from a lost position every move
does). It prints the share of such positions, the CPU time used, and the verdict.

For Cheversi (no solver) ``--match N`` plays the trained player against the ``default``
engine, ``N`` games a seat, the engine given the same time per move as the trained player
took on average.
"""

import argparse
import math
import os
import sys
import time

# The network's matrices are small: BLAS threads only wait on each other (ten times slower
# here than one thread). Set before numpy loads its BLAS; a value given by the caller stays.
for _variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")

import numpy as np  # noqa: E402

import boardrules  # noqa: E402


# --- the network ------------------------------------------------------------------------


class Network:
    """An MLP with a policy head and a value head, trained with Adam."""

    def __init__(self, inputs, actions, players, hidden=128, seed=0):
        rng = np.random.default_rng(seed)

        def layer(n_in, n_out):
            return [rng.normal(0, math.sqrt(2 / n_in), (n_in, n_out)).astype(np.float32),
                    np.zeros(n_out, np.float32)]

        self.params = layer(inputs, hidden) + layer(hidden, hidden) + layer(hidden, actions) \
            + layer(hidden, players)
        self.moments = [(np.zeros_like(p), np.zeros_like(p)) for p in self.params]
        self.steps = 0

    def forward(self, x):
        w1, b1, w2, b2, wp, bp, wv, bv = self.params
        h1 = np.maximum(x @ w1 + b1, 0)
        h2 = np.maximum(h1 @ w2 + b2, 0)
        return h1, h2, h2 @ wp + bp, np.tanh(h2 @ wv + bv)

    def evaluate(self, observations, masks):
        """The evaluator of ``boardrules.mcts``: priors over the legal actions, values."""
        x = observations.reshape(len(observations), -1)
        _, _, logits, values = self.forward(x)
        return masked_softmax(logits, masks), values

    def train_step(self, x, masks, policies, values, lr=1e-3, decay=1e-4):
        """One Adam step on a minibatch; returns (policy loss, value loss)."""
        w1, b1, w2, b2, wp, bp, wv, bv = self.params
        n = len(x)
        h1, h2, logits, v = self.forward(x)
        p = masked_softmax(logits, masks)
        policy_loss = -np.sum(policies * np.log(p + 1e-9)) / n
        value_loss = np.sum((v - values) ** 2) / n
        d_logits = (p - policies) / n
        d_v = 2 * (v - values) * (1 - v * v) / n
        d_h2 = (d_logits @ wp.T + d_v @ wv.T) * (h2 > 0)
        d_h1 = (d_h2 @ w2.T) * (h1 > 0)
        grads = [x.T @ d_h1, d_h1.sum(0), h1.T @ d_h2, d_h2.sum(0),
                 h2.T @ d_logits, d_logits.sum(0), h2.T @ d_v, d_v.sum(0)]
        self.steps += 1
        for param, grad, (m, s) in zip(self.params, grads, self.moments):
            grad = grad + decay * param
            m *= 0.9
            m += 0.1 * grad
            s *= 0.999
            s += 0.001 * grad * grad
            m_hat = m / (1 - 0.9 ** self.steps)
            s_hat = s / (1 - 0.999 ** self.steps)
            param -= (lr * m_hat / (np.sqrt(s_hat) + 1e-8)).astype(np.float32)
            # Weights of units that no longer fire decay toward 0 and end as subnormal floats,
            # which make every product with them many times slower: flush them to 0.
            for array in (param, m, s):
                array[np.abs(array) < 1e-30] = 0
        return policy_loss, value_loss


def masked_softmax(logits, masks):
    z = np.where(masks, logits, -np.inf)
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return (e / e.sum(axis=1, keepdims=True)).astype(np.float32)


# --- self-play --------------------------------------------------------------------------


class Buffer:
    """The last ``capacity`` training positions: observation, mask, policy, value target."""

    def __init__(self, capacity, obs_size, actions, players):
        self.x = np.zeros((capacity, obs_size), np.float32)
        self.mask = np.zeros((capacity, actions), bool)
        self.policy = np.zeros((capacity, actions), np.float32)
        self.value = np.zeros((capacity, players), np.float32)
        self.size = self.next = 0
        self.capacity = capacity

    def add(self, x, mask, policy, value):
        i = self.next
        self.x[i], self.mask[i], self.policy[i], self.value[i] = x, mask, policy, value
        self.next = (i + 1) % self.capacity
        self.size = min(self.size + 1, self.capacity)

    def sample(self, n, rng):
        idx = rng.integers(0, self.size, n)
        return self.x[idx], self.mask[idx], self.policy[idx], self.value[idx]


def augmented(game, size, position, policy):
    """The position (a text) and its policy under every symmetry of the board:
    (observation, mask, policy) for each image."""
    state = boardrules.from_text(game, position, size=size)
    images = []
    for image, action_map in state.symmetries():
        legal = np.flatnonzero(action_map >= 0)
        mapped = np.zeros_like(policy)
        mapped[action_map[legal]] = policy[legal]
        images.append((image.observation().ravel(), image.legal_action_mask(), mapped))
    return images


class SelfPlay:
    """Games played by the network against itself, all searched at once."""

    def __init__(self, args):
        self.args = args
        self.batch = boardrules.Batch(args.game, args.games, size=args.size, seed=args.seed,
                                      max_plies=args.max_plies)
        _, _, self.to_move = self.batch.reset()
        # Per game: (position text, visit policy, player to move) of each move so far.
        self.pending = [[] for _ in range(args.games)]
        self.finished = 0

    def play(self, net, buffer, iteration):
        """Plays ``--moves`` moves in every game; each finished game's positions go to the
        buffer with its result."""
        args, batch = self.args, self.batch
        for move in range(args.moves):
            positions = batch.positions()
            results = batch.mcts(net.evaluate, simulations=args.simulations,
                                 root_noise=(args.noise_alpha, 0.25),
                                 seed=iteration * 100_003 + move, temperature=1.0)
            actions = []
            for i, result in enumerate(results):
                # Drawn by the visit counts early in a game, the most visited move after.
                explore = len(self.pending[i]) < args.explore_plies
                actions.append(result.action if explore else int(np.argmax(result.policy)))
                self.pending[i].append((positions[i], result.policy, int(self.to_move[i])))
            _, _, rewards, done, self.to_move = batch.step(actions)
            for i in np.flatnonzero(done):
                self.finished += 1
                for position, policy, mover in self.pending[i]:
                    target = np.roll(rewards[i], -mover)  # counted from the mover
                    for x, mask, mapped in augmented(args.game, args.size, position, policy):
                        buffer.add(x, mask, mapped, target)
                self.pending[i] = []


# --- the check against the solver -------------------------------------------------------

SCORE_CLASS = {"win": 1, "draw": 0, "loss": -1}


def solver_class(solver, state):
    """The position's value for the player to move: 1 a win, 0 a draw, -1 a loss."""
    if state.is_over():
        return 0 if state.winner() is None else (1 if state.winner() == state.to_move else -1)
    return SCORE_CLASS[solver.search(state).score[0]]


def reachable_positions(game):
    """Every position reachable from the start (as position texts), by legal moves."""
    start = boardrules.new_game(game)
    seen, frontier = {str(start)}, [start]
    while frontier:
        state = frontier.pop()
        for move in state.legal_moves():
            child = state.clone()
            child.play(move)
            text = str(child)
            if text not in seen:
                seen.add(text)
                frontier.append(boardrules.from_text(game, text))
    return sorted(seen)


def check_against_solver(net, simulations, chunk=512):
    """The share of Kvarn3's reachable positions (not over) where the network with
    ``simulations`` simulations keeps the solver's value."""
    solver = boardrules.engine("default", "kvarn3")
    states = [boardrules.from_text("kvarn3", t) for t in reachable_positions("kvarn3")]
    states = [s for s in states if not s.is_over()]
    good = 0
    mistakes = []
    for begin in range(0, len(states), chunk):
        part = states[begin:begin + chunk]
        results = boardrules.mcts(part, net.evaluate, simulations=simulations, temperature=0)
        for state, result in zip(part, results):
            child = state.clone()
            child.play(result.move)
            keeps = -solver_class(solver, child) == solver_class(solver, state)
            good += keeps
            if not keeps:
                mistakes.append((str(state), result.move))
    return good, len(states), mistakes


# --- a match against the default engine -------------------------------------------------


def match(net, game, size, games_per_seat, simulations, seed=0):
    """The trained player (temperature 0) against the ``default`` engine given the same time
    per move: returns {"wins", "draws", "losses"} of the trained player, and the seconds per
    move each side took."""
    tally = {"wins": 0, "draws": 0, "losses": 0}
    spent, moves = 0.0, 0
    engine_spent, engine_moves = 0.0, 0
    for g in range(2 * games_per_seat):
        seat = g % 2
        engine = boardrules.engine("default", game, seed=seed + g)
        state = boardrules.new_game(game, size=size)
        while not state.is_over():
            if state.to_move == seat:
                began = time.perf_counter()
                (result,) = boardrules.mcts([state], net.evaluate, simulations=simulations,
                                            temperature=0, seed=g)
                spent += time.perf_counter() - began
                moves += 1
                state.play(result.move)
            else:
                # The engine gets the trained player's mean time per move so far (whole
                # milliseconds, at least 1; the engines read their clock in milliseconds).
                engine_ms = max(1, round(1000 * spent / max(moves, 1)))
                began = time.perf_counter()
                state.play(engine.choose(state, time_ms=engine_ms))
                engine_spent += time.perf_counter() - began
                engine_moves += 1
        winner = state.winner()
        key = "draws" if winner is None else ("wins" if winner == seat else "losses")
        tally[key] += 1
    return tally, spent / max(moves, 1), engine_spent / max(engine_moves, 1)


# --- the loop ---------------------------------------------------------------------------


def cpu_seconds():
    return time.process_time()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="kvarn3")
    parser.add_argument("--size", default=None)
    parser.add_argument("--games", type=int, default=128, help="games played at once")
    parser.add_argument("--moves", type=int, default=16, help="moves per game per iteration")
    parser.add_argument("--simulations", type=int, default=64, help="per move in self-play")
    parser.add_argument("--explore-plies", type=int, default=8)
    parser.add_argument("--noise-alpha", type=float, default=1.0)
    parser.add_argument("--max-plies", type=int, default=100, help="self-play games are "
                        "cut there (a draw)")
    parser.add_argument("--iterations", type=int, default=10_000)
    parser.add_argument("--cpu-minutes", type=float, default=10.0,
                        help="stop self-play after this much CPU time")
    parser.add_argument("--train-steps", type=int, default=64)
    parser.add_argument("--batch-size", type=int, default=256)
    parser.add_argument("--buffer", type=int, default=200_000)
    parser.add_argument("--hidden", type=int, default=128)
    parser.add_argument("--check-simulations", type=int, default=64)
    parser.add_argument("--goal", type=float, default=0.99)
    parser.add_argument("--match", type=int, default=0, help="games a seat against the "
                        "default engine")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    began = cpu_seconds()
    rng = np.random.default_rng(args.seed)
    probe = boardrules.new_game(args.game, size=args.size)
    obs_size = int(np.prod(probe.observation_shape))
    net = Network(obs_size, probe.num_actions, probe.num_players, args.hidden, args.seed)
    buffer = Buffer(args.buffer, obs_size, probe.num_actions, probe.num_players)
    games = SelfPlay(args)
    for iteration in range(args.iterations):
        games.play(net, buffer, iteration)
        losses = [net.train_step(*buffer.sample(args.batch_size, rng))
                  for _ in range(args.train_steps)] if buffer.size else [(0.0, 0.0)]
        used = cpu_seconds() - began
        policy_loss, value_loss = np.mean(losses, axis=0)
        print(f"iteration {iteration + 1}: {games.finished} games, buffer {buffer.size}, "
              f"policy loss {policy_loss:.3f}, value loss {value_loss:.3f}, "
              f"CPU {used:.0f} s", flush=True)
        if used > 60 * args.cpu_minutes:
            break

    verdict = True
    if args.game == "kvarn3":
        good, total, mistakes = check_against_solver(net, args.check_simulations)
        share = good / total
        verdict = share >= args.goal
        for position, move in mistakes[:10]:
            print(f"  loses value: {move} in {position}")
        print(f"solver check: {good} of {total} reachable positions ({100 * share:.2f}%) "
              f"get a value-preserving move with {args.check_simulations} simulations")
    if args.match:
        tally, per_move, engine_per_move = match(net, args.game, args.size, args.match,
                                                 args.check_simulations)
        print(f"match against default (time a move: the network {1000 * per_move:.1f} ms, "
              f"the engine {1000 * engine_per_move:.1f} ms): {tally['wins']} wins, "
              f"{tally['draws']} draws, {tally['losses']} losses in {2 * args.match} games")
    used = cpu_seconds() - began
    print(f"CPU time of this process: {used:.0f} s ({used / 60:.1f} min)")
    if args.game == "kvarn3":
        print(f"verdict: {'goal met' if verdict else 'goal NOT met'} "
              f"(at least {100 * args.goal:.0f}% value-preserving)")
    return 0 if verdict else 1


if __name__ == "__main__":
    sys.exit(main())
