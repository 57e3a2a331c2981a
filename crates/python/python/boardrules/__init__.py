"""The five games of boardrules (Kvarn3, Swedish Draughts, Cheversi, Sundraval, Svendo) for
Python, with the Rust rule engines doing the work.

- ``games()``, ``sizes(game)``: what there is to play;
- ``new_game(game, size=None)``, ``from_text(game, text)``: a ``State`` (moves as texts or as
  action ids, numpy observations and masks, symmetries, pictures);
- ``engine(name, game, seed=0)``: a built-in player (``choose``, ``search`` with the visit
  policy);
- ``Batch(game, n)``: many games stepped in one call, for training throughput;
- ``boardrules.pettingzoo.env(game)``, ``boardrules.gymnasium.env(game)``: environments.
"""

from ._boardrules import (
    Batch,
    Engine,
    SearchResult,
    State,
    engine,
    engines,
    from_text,
    games,
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
    "from_text",
    "games",
    "new_game",
    "sizes",
]
