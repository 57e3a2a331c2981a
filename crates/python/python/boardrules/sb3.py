"""A Stable-Baselines3 ``VecEnv`` on ``boardrules.vector.VectorEnv``: ``n`` games in one Rust
call, for SB3's algorithms and sb3-contrib's ``MaskablePPO``::

    from sb3_contrib import MaskablePPO
    import boardrules.sb3

    env = boardrules.sb3.VecEnv("kvarn3", 64, opponent="random")
    model = MaskablePPO("MlpPolicy", env).learn(20_000)

It follows SB3's conventions: ``reset()`` returns the observations, ``step_wait()`` returns
``(observations, rewards, dones, infos)`` with one info dict per game; a game that ends is reset
at once, its last observation in ``infos[i]["terminal_observation"]`` and
``infos[i]["TimeLimit.truncated"]`` true when the ply cap cut it. ``env_method("action_masks")``
gives each game's legal-action mask (what ``MaskablePPO`` asks for). Importing this module needs
stable-baselines3 (and so torch).
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np
from stable_baselines3.common.vec_env import VecEnv as Sb3VecEnv

from .vector import VectorEnv as _VectorEnv

__all__ = ["VecEnv"]


class VecEnv(Sb3VecEnv):
    """SB3's vector environment over ``n`` games of ``game``; the keyword arguments are
    ``boardrules.vector.VectorEnv``'s (``opponent``, ``player``, ``size``, ``max_plies``,
    ``opponent_limits``, ``seed``)."""

    def __init__(self, game: str, n: int, **kwargs: Any):
        self.venv = _VectorEnv(game, n, **kwargs)
        super().__init__(
            n, self.venv.single_observation_space, self.venv.single_action_space
        )
        self._actions: np.ndarray | None = None
        self._seed: int | None = None

    def reset(self) -> np.ndarray:
        observations, _ = self.venv.reset(seed=self._seed)
        self._seed = None
        return observations

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = np.asarray(actions, dtype=np.int64)

    def step_wait(self):
        if self._actions is None:
            raise RuntimeError("step_wait() without step_async(actions)")
        observations, rewards, terminated, truncated, infos = self.venv.step(self._actions)
        self._actions = None
        dones = terminated | truncated
        out: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        for i in np.flatnonzero(dones):
            out[i]["terminal_observation"] = infos["final_obs"][i]
            out[i]["TimeLimit.truncated"] = bool(truncated[i])
            out[i]["outcome"] = infos["final_info"][i]["outcome"]
        return observations, rewards, dones, out

    def seed(self, seed: int | None = None) -> Sequence[None]:
        self._seed = seed
        return [None] * self.num_envs

    def close(self) -> None:
        self.venv.close()

    def action_masks(self) -> np.ndarray:
        """The legal-action masks of every game, ``n × num_actions``."""
        return self.venv.action_masks()

    def _indices(self, indices) -> list[int]:
        if indices is None:
            return list(range(self.num_envs))
        if isinstance(indices, int):
            return [indices]
        return list(indices)

    def env_method(self, method_name: str, *args, indices=None, **kwargs) -> list[Any]:
        """Only ``action_masks`` is a per-game method here: the games share one batch."""
        if method_name != "action_masks":
            raise AttributeError(
                f"the games of a boardrules VecEnv have no method {method_name!r}"
            )
        masks = self.venv.action_masks()
        return [masks[i] for i in self._indices(indices)]

    def get_attr(self, attr_name: str, indices=None) -> list[Any]:
        value = getattr(self.venv, attr_name)
        return [value for _ in self._indices(indices)]

    def set_attr(self, attr_name: str, value: Any, indices=None) -> None:
        raise AttributeError(
            "the games of a boardrules VecEnv share one batch: no per-game attributes"
        )

    def env_is_wrapped(self, wrapper_class, indices=None) -> list[bool]:
        return [False for _ in self._indices(indices)]
