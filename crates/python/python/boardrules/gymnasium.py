"""Gymnasium single-agent environments: one seat of a game, the other seats played by an
opponent. ``gymnasium.make("boardrules/Kvarn3-v0")`` (registered when ``boardrules`` is
imported with Gymnasium installed) or ``boardrules.gymnasium.env("kvarn3", opponent="mcts:200")``.

Observations are the agent's planes (``float32`` in [0, 1], shape ``State.observation_shape``);
the action space is ``Discrete(num_actions)``, with the legal-action mask in
``info["action_mask"]`` and from ``action_masks()`` (the method MaskablePPO of sb3-contrib
calls). The reward is 0 until the game ends, then the agent's return: 1 for a win, -1 for a
loss, 0 for a draw. An illegal action (one the mask excludes) loses the game at once by default
(reward -1, terminated, ``info["illegal_action"]`` true), the usual rule for agents trained
without masks; ``illegal_action="raise"`` raises ``ValueError`` instead.

The opponent is one of:

- an engine name (``"random"``, ``"default"``, ``"mcts"``, ``"mcts:500"``, ...), searching with
  ``opponent_limits`` (default ``{"nodes": 1000}``), seeded from the environment's seed;
- a callable ``opponent(observation, action_mask) -> action``, given the opponent's own view
  (its planes and a ``bool`` mask) — a frozen copy of the agent's policy, say;
- ``"self"``: the agent plays every seat; the observation and the reward are those of the
  player to move (self-play).

``render_mode`` is ``"human"`` (the diagram printed), ``"ansi"`` (the diagram returned) or
``"rgb_array"`` (a picture of the observation planes, ``uint8`` rows × columns × 3). The
environments pickle, with the game's history (a callable opponent must pickle too).
"""

from __future__ import annotations

from typing import Any, Callable, Union

import gymnasium
import numpy as np
from gymnasium import spaces

import boardrules

from ._render import frame

__all__ = ["SingleAgentEnv", "env", "env_id", "register"]

Opponent = Union[str, Callable[[np.ndarray, np.ndarray], int]]


def env(game: str, **kwargs: Any) -> "SingleAgentEnv":
    """The single-agent environment of ``game``; see ``SingleAgentEnv`` for the options."""
    return SingleAgentEnv(game, **kwargs)


def env_id(game: str) -> str:
    """The Gymnasium id of ``game``'s environment: ``"boardrules/Kvarn3-v0"``,
    ``"boardrules/SwedishDraughts-v0"``, ..."""
    return "boardrules/" + "".join(part.capitalize() for part in game.split("-")) + "-v0"


def register() -> None:
    """Registers every game's environment with Gymnasium under ``env_id(game)`` (done by
    ``import boardrules`` when Gymnasium is installed; calling it again changes nothing)."""
    for game in boardrules.games():
        name = env_id(game)
        if name not in gymnasium.registry:
            gymnasium.register(
                id=name,
                entry_point="boardrules.gymnasium:SingleAgentEnv",
                kwargs={"game": game},
            )


class SingleAgentEnv(gymnasium.Env):
    """One seat of a game against an opponent.

    ``opponent`` is an engine name, a callable or ``"self"`` (see the module's doc),
    ``opponent_limits`` the keyword arguments of an engine's ``choose`` (default
    ``{"nodes": 1000}``), ``player`` the agent's seat (0: the first to move; ignored with
    ``"self"``), ``illegal_action`` what an illegal action does (``"lose"`` or ``"raise"``).
    """

    # render_fps: how fast a recorder plays the frames back (a move every quarter second).
    metadata = {"render_modes": ["human", "ansi", "rgb_array"], "render_fps": 4}

    def __init__(
        self,
        game: str,
        opponent: Opponent = "random",
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
            raise ValueError(
                f"unknown render mode {render_mode!r} (modes: human, ansi, rgb_array)"
            )
        self.game = game
        self.size = size
        self.state = boardrules.new_game(game, size=size)
        if not (isinstance(opponent, str) or callable(opponent)):
            raise TypeError(
                f"the opponent is an engine name, a callable or 'self', not {opponent!r}"
            )
        self.opponent = opponent
        self.self_play = opponent == "self"
        self.opponent_limits = dict(opponent_limits or {"nodes": 1000})
        self.render_mode = render_mode
        if not 0 <= player < self.state.num_players:
            raise ValueError(
                f"{game} has players 0 to {self.state.num_players - 1}; no player {player}"
            )
        self.player = player
        self._engine = self._make_engine(0)
        self.observation_space = spaces.Box(
            low=0.0, high=1.0, shape=self.state.observation_shape, dtype=np.float32
        )
        self.action_space = spaces.Discrete(self.state.num_actions)

    def _make_engine(self, seed: int):
        """The opponent's engine when it is named by an engine name (else ``None``)."""
        if isinstance(self.opponent, str) and not self.self_play:
            return boardrules.engine(self.opponent, self.game, seed=seed)
        return None

    def _seat(self) -> int:
        """The seat whose view the agent gets: its own, or the mover's in self-play."""
        return self.state.to_move if self.self_play else self.player

    def _opponents_move(self) -> None:
        if self.self_play:
            return
        while not self.state.is_over() and self.state.to_move != self.player:
            if self._engine is not None:
                self.state.play(self._engine.choose(self.state, **self.opponent_limits))
            else:
                action = self.opponent(
                    self.state.observation(), self.state.legal_action_mask()
                )
                self.state.play_action(int(action))

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
        self._engine = self._make_engine(int(self.np_random.integers(0, 2**63 - 1)))
        self.state = boardrules.new_game(self.game, size=self.size)
        self._opponents_move()
        return self.state.observation(self._seat()), self._info()

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        action = int(action)
        mover = self.state.to_move
        if self.illegal_action == "lose" and not self._legal(action):
            info = self._info()
            info["illegal_action"] = True
            return self.state.observation(mover), -1.0, True, False, info
        self.state.play_action(action)
        self._opponents_move()
        over = self.state.is_over()
        # The reward and the last observation are the mover's in self-play (it is the
        # player whose action this was), the agent's seat's otherwise.
        seat = mover if self.self_play and over else self._seat()
        reward = float(self.state.returns()[seat]) if over else 0.0
        if self.render_mode == "human":
            self.render()
        return self.state.observation(seat), reward, over, False, self._info()

    def render(self) -> str | np.ndarray | None:
        if self.render_mode is None:
            return None
        if self.render_mode == "rgb_array":
            return frame(self.state, self._seat())
        text = self.state.diagram()
        if self.render_mode == "human":
            print(text)
            return None
        return text
