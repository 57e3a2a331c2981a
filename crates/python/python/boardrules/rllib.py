"""RLlib multi-agent environments: ``boardrules.rllib.env("kvarn3")``, ready for RLlib's PPO
with its action-masking module (``ActionMaskingTorchRLModule``), env checker on::

    from ray.tune.registry import register_env
    import boardrules.rllib

    register_env("kvarn3", lambda config: boardrules.rllib.env("kvarn3"))

The agents are ``player_0``, ``player_1`` (and ``player_2`` in Svendo); only the agent to move
gets an observation, a dict of ``observations`` (the game's planes seen by that agent,
``float32`` in [0, 1], flattened to one vector so that RLlib's default MLP encoder takes them;
``flatten=False`` keeps the shape ``State.observation_shape`` for a convolutional module of
your own) and ``action_mask`` (the legal-action mask, ``float32`` 0/1), the keys
RLlib's action-masking module reads. Rewards come at the end, for every agent: 1 for the
winner, -1 for the others, 0 in a draw. An illegal action ends the game as in PettingZoo's
classic games: -1 for the agent that made it, 0 for the others, ``infos[agent]["illegal"]``
true (RLlib's env checker plays random actions, legal or not). ``max_plies`` truncates a game.
Importing this module needs ``ray[rllib]``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from ray.rllib.env.multi_agent_env import MultiAgentEnv

import boardrules

__all__ = ["BoardEnv", "env"]


def env(
    game: str,
    size: int | str | None = None,
    max_plies: int | None = None,
    flatten: bool = True,
) -> "BoardEnv":
    """The RLlib multi-agent environment of ``game`` on a board of ``size``."""
    return BoardEnv({"game": game, "size": size, "max_plies": max_plies, "flatten": flatten})


class BoardEnv(MultiAgentEnv):
    """A game of boardrules as an RLlib ``MultiAgentEnv``; ``config`` holds ``game`` and
    optionally ``size``, ``max_plies`` and ``flatten`` (so the class itself can be RLlib's
    ``env`` with ``env_config``)."""

    def __init__(self, config: dict[str, Any] | None = None):
        super().__init__()
        config = dict(config or {})
        if "game" not in config:
            raise ValueError("the env config names its game: {'game': 'kvarn3'}")
        self.game = config["game"]
        self.size = config.get("size")
        self.max_plies = config.get("max_plies")
        self.flatten = bool(config.get("flatten", True))
        self.state = boardrules.new_game(self.game, size=self.size)
        self.possible_agents = [f"player_{i}" for i in range(self.state.num_players)]
        self.agents = self.possible_agents[:]
        num_actions = self.state.num_actions
        space = spaces.Dict(
            {
                "observations": spaces.Box(
                    0.0, 1.0, shape=self._planes().shape, dtype=np.float32
                ),
                "action_mask": spaces.Box(0.0, 1.0, shape=(num_actions,), dtype=np.float32),
            }
        )
        self.observation_spaces = {agent: space for agent in self.possible_agents}
        self.action_spaces = {
            agent: spaces.Discrete(num_actions) for agent in self.possible_agents
        }

    def _planes(self, player: int | None = None) -> np.ndarray:
        """The planes seen by ``player`` (default: the player to move), flattened or not."""
        planes = self.state.observation(player)
        return planes.reshape(-1) if self.flatten else planes

    def _observation(self) -> dict[str, dict[str, np.ndarray]]:
        """The observation of the agent to move, the only one that acts next."""
        agent = self.possible_agents[self.state.to_move]
        return {
            agent: {
                "observations": self._planes(),
                "action_mask": self.state.legal_action_mask().astype(np.float32),
            }
        }

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict, dict]:
        # The games have no chance: the seed changes nothing.
        self.state = boardrules.new_game(self.game, size=self.size)
        self.agents = self.possible_agents[:]
        return self._observation(), {}

    def _finish(self, returns, infos, truncated: bool = False):
        """The step's answer for a game that just ended: every agent's last observation (so
        each learns from its return) and reward, all done."""
        observations = {
            agent: {
                "observations": self._planes(i),
                "action_mask": np.zeros(self.state.num_actions, dtype=np.float32),
            }
            for i, agent in enumerate(self.possible_agents)
        }
        rewards = {agent: float(r) for agent, r in zip(self.possible_agents, returns)}
        terminateds = dict.fromkeys(self.possible_agents, not truncated)
        terminateds["__all__"] = not truncated
        truncateds = dict.fromkeys(self.possible_agents, truncated)
        truncateds["__all__"] = truncated
        return observations, rewards, terminateds, truncateds, infos

    def step(self, action_dict: dict[str, int]):
        agent = self.possible_agents[self.state.to_move]
        if agent not in action_dict:
            raise ValueError(f"{agent} is to move: action_dict has {sorted(action_dict)}")
        action = int(action_dict[agent])
        legal = 0 <= action < self.state.num_actions and self.state.legal_action_mask()[action]
        if not legal:
            returns = [0.0] * len(self.possible_agents)
            returns[self.state.to_move] = -1.0
            return self._finish(returns, {agent: {"illegal": True}})
        self.state.play_action(action)
        if self.state.is_over():
            return self._finish(self.state.returns(), {})
        if self.max_plies is not None and len(self.state.history()) >= self.max_plies:
            return self._finish([0.0] * len(self.possible_agents), {}, truncated=True)
        no = {"__all__": False}
        return self._observation(), {}, dict(no), dict(no), {}
