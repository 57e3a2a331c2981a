"""A Gymnasium single-agent environment: one seat of a game, the other seats played by a
built-in engine. ``boardrules.gymnasium.env("kvarn3", opponent="mcts:200")``.

Observations are the agent's planes (``float32`` in [0, 1], shape ``State.observation_shape``); the
action space is ``Discrete(num_actions)``, with the legal-action mask in ``info["action_mask"]``
and from ``action_masks()`` (the method MaskablePPO of sb3-contrib calls). The reward is 0 until
the game ends, then the agent's return: 1 for a win, -1 for a loss, 0 for a draw. An illegal
action (one the mask excludes) loses the game at once by default (reward -1, terminated,
``info["illegal_action"]`` true), the usual rule for agents trained without masks;
``illegal_action="raise"`` raises ``ValueError`` instead.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

import boardrules

__all__ = ["SingleAgentEnv", "env"]


def env(game: str, **kwargs: Any) -> "SingleAgentEnv":
    """The single-agent environment of ``game``; see ``SingleAgentEnv`` for the options."""
    return SingleAgentEnv(game, **kwargs)


class SingleAgentEnv(gymnasium.Env):
    """One seat of a game against a built-in engine.

    ``opponent`` is an engine name (``random``, ``default``, ``mcts``, ``mcts:500``, ...),
    ``opponent_limits`` the keyword arguments of its ``choose`` (default ``{"nodes": 1000}``),
    ``player`` the agent's seat (0: the first to move), ``illegal_action`` what an illegal
    action does (``"lose"`` or ``"raise"``).
    """

    metadata = {"render_modes": ["human", "ansi"]}

    def __init__(
        self,
        game: str,
        opponent: str = "random",
        size: int | str | None = None,
        player: int = 0,
        opponent_limits: dict[str, int] | None = None,
        render_mode: str | None = None,
        illegal_action: str = "lose",
    ):
        if illegal_action not in ("lose", "raise"):
            raise ValueError(f"illegal_action is 'lose' or 'raise', not {illegal_action!r}")
        self.illegal_action = illegal_action
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"unknown render mode {render_mode!r} (modes: human, ansi)")
        self.game = game
        self.size = size
        self.opponent = opponent
        self.opponent_limits = dict(opponent_limits or {"nodes": 1000})
        self.render_mode = render_mode
        self.state = boardrules.new_game(game, size=size)
        if not 0 <= player < self.state.num_players:
            raise ValueError(
                f"{game} has players 0 to {self.state.num_players - 1}; no player {player}"
            )
        self.player = player
        self._engine = boardrules.engine(opponent, game, seed=0)
        self.observation_space = spaces.Box(
            low=0.0, high=1.0, shape=self.state.observation_shape, dtype=np.float32
        )
        self.action_space = spaces.Discrete(self.state.num_actions)

    def _opponents_move(self) -> None:
        while not self.state.is_over() and self.state.to_move != self.player:
            self.state.play(self._engine.choose(self.state, **self.opponent_limits))

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": self.action_masks().astype(np.int8)}
        if self.state.is_over():
            info["outcome"] = self.state.outcome()
        return info

    def _legal(self, action: int) -> bool:
        return 0 <= action < self.state.num_actions and bool(
            self.state.legal_action_mask()[action]
        )

    def action_masks(self) -> np.ndarray:
        """The legal-action mask (``bool``) for the agent (all false once the game is over)."""
        return self.state.legal_action_mask()

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        engine_seed = int(self.np_random.integers(0, 2**63 - 1))
        self._engine = boardrules.engine(self.opponent, self.game, seed=engine_seed)
        self.state = boardrules.new_game(self.game, size=self.size)
        self._opponents_move()
        return self.state.observation(self.player), self._info()

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        action = int(action)
        if self.illegal_action == "lose" and not self._legal(action):
            info = self._info()
            info["illegal_action"] = True
            return self.state.observation(self.player), -1.0, True, False, info
        self.state.play_action(action)
        self._opponents_move()
        over = self.state.is_over()
        reward = float(self.state.returns()[self.player]) if over else 0.0
        if self.render_mode == "human":
            self.render()
        return self.state.observation(self.player), reward, over, False, self._info()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = self.state.diagram()
        if self.render_mode == "human":
            print(text)
            return None
        return text
