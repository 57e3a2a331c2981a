"""A Gymnasium vector environment on ``Batch``: ``n`` games stepped in one Rust call.

``boardrules.vector.VectorEnv("cheversi", 256, opponent="random")`` follows Gymnasium's vector
API (``gymnasium.vector.VectorEnv``): ``reset(seed=None)`` returns ``(observations, infos)``,
``step(actions)`` returns ``(observations, rewards, terminations, truncations, infos)``, all
batched NumPy arrays. Each game is one seat (``player``) against an opponent, as
``boardrules.gymnasium.SingleAgentEnv`` plays it: an engine name, a batched callable
``opponent(observations, action_masks) -> actions`` (rows of the games where the opponent is
to move), ``"random"`` (uniform legal actions drawn in Rust) or ``"self"`` (the agent plays
every seat; observations and rewards are the mover's).

Auto-reset happens in the same step (``metadata["autoreset_mode"]`` is
``AutoresetMode.SAME_STEP``): a game that ends is reset at once, its last observation in
``infos["final_obs"]`` (an object array, ``None`` where no game ended, ``infos["_final_obs"]``
the mask of those that did) and its outcome in ``infos["final_info"]``. ``max_plies`` truncates
a game at that many plies (both seats' moves counted). ``infos["action_mask"]`` is the
legal-action mask of every game, and ``action_masks()`` returns it too.
"""

from __future__ import annotations

from typing import Any, Callable, Union

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector import VectorEnv as GymVectorEnv

import boardrules

__all__ = ["VectorEnv"]

BatchedOpponent = Union[str, Callable[[np.ndarray, np.ndarray], np.ndarray]]


class VectorEnv(GymVectorEnv):
    """``n`` games of ``game``, one seat each for the agent, on one ``Batch``."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}

    def __init__(
        self,
        game: str,
        n: int,
        opponent: BatchedOpponent = "random",
        player: int = 0,
        size: int | str | None = None,
        max_plies: int | None = None,
        opponent_limits: dict[str, int] | None = None,
        seed: int = 0,
    ):
        self.game = game
        self.size = size
        self.batch = boardrules.Batch(game, n, size=size, seed=seed, max_plies=max_plies)
        if not 0 <= player < self.batch.num_players:
            raise ValueError(
                f"{game} has players 0 to {self.batch.num_players - 1}; no player {player}"
            )
        if not (isinstance(opponent, str) or callable(opponent)):
            raise TypeError(
                f"the opponent is an engine name, a callable or 'self', not {opponent!r}"
            )
        self.player = player
        self.opponent = opponent
        self.self_play = opponent == "self"
        self.opponent_limits = dict(opponent_limits or {"nodes": 1000})
        self._engines = self._make_engines(seed)
        self.num_envs = n
        shape = self.batch.observation_shape
        self.single_observation_space = spaces.Box(0.0, 1.0, shape=shape, dtype=np.float32)
        self.single_action_space = spaces.Discrete(self.batch.num_actions)
        self.observation_space = spaces.Box(0.0, 1.0, shape=(n, *shape), dtype=np.float32)
        self.action_space = spaces.MultiDiscrete(np.full(n, self.batch.num_actions))
        self._obs, self._mask, self._to_move = self.batch.reset()

    def _make_engines(self, seed: int):
        """One engine per game when the opponent is named by an engine name (else ``None``)."""
        if isinstance(self.opponent, str) and self.opponent not in ("self", "random"):
            return [
                boardrules.engine(self.opponent, self.game, seed=seed * 1_000_003 + i)
                for i in range(self.batch.num_envs)
            ]
        return None

    def action_masks(self) -> np.ndarray:
        """The legal-action masks of every game, ``n × num_actions`` ``bool``."""
        return self._mask.copy()

    def _opponent_actions(self, games: np.ndarray) -> np.ndarray:
        """The opponent's actions in ``games`` (where it is to move)."""
        if self.opponent == "random":
            return self.batch.random_actions()[games]
        if self._engines is not None:
            positions = self.batch.positions()
            actions = []
            for i in games:
                state = boardrules.from_text(self.game, positions[i], size=self.size)
                move = self._engines[i].choose(state, **self.opponent_limits)
                actions.append(state.move_to_action(move))
            return np.array(actions, dtype=np.int64)
        actions = self.opponent(self._obs[games], self._mask[games])
        return np.asarray(actions, dtype=np.int64).reshape(len(games))

    def _infos(self, final: dict[int, np.ndarray], outcomes: dict[int, str]) -> dict[str, Any]:
        n = self.num_envs
        infos: dict[str, Any] = {
            "action_mask": self._mask.copy(),
            "_action_mask": np.ones(n, dtype=bool),
        }
        if final:
            final_obs = np.full(n, None, dtype=object)
            final_info = np.full(n, None, dtype=object)
            ended = np.zeros(n, dtype=bool)
            for i, observation in final.items():
                final_obs[i] = observation
                final_info[i] = {"outcome": outcomes[i]}
                ended[i] = True
            infos.update(
                final_obs=final_obs,
                _final_obs=ended,
                final_info=final_info,
                _final_info=ended.copy(),
            )
        return infos

    def _catch_up(self, record: Callable[[np.ndarray, np.ndarray], None] | None = None) -> None:
        """Plays the opponent in every game where it is to move, until the agent is;
        ``record(rewards, done)`` takes the results of each of those batch steps."""
        if self.self_play:
            return
        while True:
            games = np.flatnonzero(self._to_move != self.player)
            if len(games) == 0:
                return
            actions = self._opponent_actions(games)
            self._obs, self._mask, rewards, done, self._to_move = self.batch.step(
                actions, indices=games
            )
            if record is not None:
                record(rewards, done)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """Every game back to the start (the opponent's first moves played): the
        observations and ``infos`` with the action masks."""
        if seed is not None:
            self._engines = self._make_engines(seed)
        self._obs, self._mask, self._to_move = self.batch.reset(seed=seed)
        self._catch_up()
        return self._obs.copy(), self._infos({}, {})

    def step(
        self, actions: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Plays the agent's action in every game, then the opponents' until the agent is to
        move again; games that end are reset (see the module's doc)."""
        actions = np.asarray(actions, dtype=np.int64)
        n = self.num_envs
        movers = self._to_move.copy()
        rewards = np.zeros(n, dtype=np.float32)
        terminated = np.zeros(n, dtype=bool)
        truncated = np.zeros(n, dtype=bool)
        final: dict[int, np.ndarray] = {}
        outcomes: dict[int, str] = {}

        def record(step_rewards: np.ndarray, done: np.ndarray) -> None:
            """Takes the results of the batch step just made."""
            cut = self.batch.truncated
            seen: dict[int, np.ndarray] = {}
            for i in np.flatnonzero(done):
                if i in final:
                    continue  # a new game that ended before the agent moved in it
                seat = int(movers[i]) if self.self_play else self.player
                if seat not in seen:
                    seen[seat] = self.batch.final_observations(seat)
                final[i] = seen[seat][i]
                rewards[i] = step_rewards[i, seat]
                truncated[i] = cut[i]
                terminated[i] = not cut[i]
                outcomes[i] = "truncated" if cut[i] else _outcome_text(step_rewards[i])

        self._obs, self._mask, step_rewards, done, self._to_move = self.batch.step(actions)
        record(step_rewards, done)
        self._catch_up(record)
        return self._obs.copy(), rewards, terminated, truncated, self._infos(final, outcomes)

    def close_extras(self, **kwargs: Any) -> None:
        pass


def _outcome_text(returns: np.ndarray) -> str:
    """The outcome of a finished game from its returns: ``"winner N"`` or ``"draw"``."""
    if returns.max() > 0:
        return f"winner {int(np.argmax(returns))}"
    return "draw"
