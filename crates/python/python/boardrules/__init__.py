"""The five games of boardrules (Kvarn3, Swedish Draughts, Cheversi, Sundraval, Svendo) for
Python, with the Rust rule engines doing the work.

- ``games()``, ``sizes(game)``: what there is to play;
- ``new_game(game, size=None)``, ``from_text(game, text)``, ``from_record(json)``: a ``State``
  (moves as texts or as action ids, numpy observations and masks, symmetries, pictures, the
  game record as JSON);
- ``engine(name, game, seed=0)``: a built-in player (``choose``, ``search`` with the visit
  policy);
- ``Batch(game, n)``: many games stepped in one call, for training throughput;
- ``mcts(states, evaluator)`` and ``Batch.mcts(evaluator)``: batched PUCT search whose
  leaves a Python evaluator (a policy-value network) values in batches, for AlphaZero;
- environments: ``boardrules.pettingzoo.env(game)`` (PettingZoo AEC),
  ``boardrules.gymnasium.env(game)`` and ``gymnasium.make("boardrules/Kvarn3-v0")``
  (Gymnasium), ``boardrules.vector.VectorEnv(game, n)`` (Gymnasium's vector API),
  ``boardrules.sb3.VecEnv(game, n)`` (Stable-Baselines3), ``boardrules.rllib.env(game)``
  (RLlib multi-agent).

States, batches, engines and the environments pickle (a state with its history).
"""

from ._boardrules import (
    Batch,
    Engine,
    SearchResult,
    State,
    engine,
    engines,
    from_record,
    from_text,
    games,
    mcts,
    new_game,
    sizes,
)

__all__ = [
    "Batch",
    "Engine",
    "SearchResult",
    "State",
    "engine",
    "engines",
    "from_record",
    "from_text",
    "games",
    "mcts",
    "new_game",
    "sizes",
]

try:  # Registers the Gymnasium environments when Gymnasium is installed.
    import gymnasium as _gymnasium  # noqa: F401
except ImportError:  # pragma: no cover - boardrules works without Gymnasium
    pass
else:
    from .gymnasium import register as _register

    _register()
