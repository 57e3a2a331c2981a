"""PettingZoo AEC environments for the five games: ``boardrules.pettingzoo.env("cheversi")``.

They follow PettingZoo's classic games (chess, connect four, ...):

- the agents are ``player_0``, ``player_1`` (and ``player_2`` in Svendo), in the order of play
  (``env.unwrapped.state.players`` names their colours);
- an observation is a dict of NumPy arrays: ``observation``, the game's planes seen by that
  agent (``float32`` in [0, 1], shape ``State.observation_shape``), and ``action_mask``, the
  legal-action mask (``int8``, all zeros for an agent that is not to move);
- rewards come at the end: 1 for the winner, -1 for every other player, 0 for all in a draw;
- an illegal action ends the game: -1 for the agent that made it, 0 for the others, every
  agent terminated, and ``info["illegal"]`` true for that agent (what PettingZoo's
  ``TerminateIllegalWrapper`` does for its own games). ``strict=True`` raises ``ValueError``
  instead, for debugging an agent that should never make one.

``render_mode`` is ``"human"`` (the diagram printed), ``"ansi"`` (the diagram returned) or
``"rgb_array"`` (a picture of ``player_0``'s observation planes, ``uint8``). The environments
pickle, with the game's history (so draws by repetition still count).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import boardrules

from ._render import frame

__all__ = ["env", "raw_env"]


def env(
    game: str,
    size: int | str | None = None,
    render_mode: str | None = None,
    strict: bool = False,
) -> "raw_env":
    """The AEC environment of ``game`` on a board of ``size`` (default: the game's default)."""
    return raw_env(game, size=size, render_mode=render_mode, strict=strict)


class raw_env(AECEnv):  # noqa: N801 (PettingZoo's name for an environment class)
    """A PettingZoo AEC environment of one game of boardrules."""

    metadata = {
        "render_modes": ["human", "ansi", "rgb_array"],
        "render_fps": 4,
        "name": "boardrules_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str,
        size: int | str | None = None,
        render_mode: str | None = None,
        strict: bool = False,
    ):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"unknown render mode {render_mode!r} (modes: human, ansi, rgb_array)"
            )
        self.game = game
        self.size = size
        self.strict = strict
        self.render_mode = render_mode
        self.state = boardrules.new_game(game, size=size)
        self.metadata = dict(self.metadata, name=f"boardrules_{game}_v0")
        self.possible_agents = [f"player_{i}" for i in range(self.state.num_players)]
        shape = self.state.observation_shape
        num_actions = self.state.num_actions
        self._observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(
                        low=0.0, high=1.0, shape=shape, dtype=np.float32
                    ),
                    "action_mask": spaces.Box(
                        low=0, high=1, shape=(num_actions,), dtype=np.int8
                    ),
                }
            )
            for agent in self.possible_agents
        }
        self._action_spaces = {
            agent: spaces.Discrete(num_actions) for agent in self.possible_agents
        }
        self._start()

    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_spaces[agent]

    def _start(self) -> None:
        self.state = boardrules.new_game(self.game, size=self.size)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.state.to_move]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        # The games have no chance: the seed changes nothing.
        self._start()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        player = self.possible_agents.index(agent)
        observation = self.state.observation(player)
        if player == self.state.to_move and not self.terminations[agent]:
            mask = self.state.legal_action_mask().astype(np.int8)
        else:
            mask = np.zeros(self.state.num_actions, dtype=np.int8)
        return {"observation": observation, "action_mask": mask}

    def _end(self, returns: list[float], infos: dict[str, dict[str, Any]]) -> None:
        """Ends the game for every agent with these returns and infos."""
        self.rewards = {
            agent: float(value) for agent, value in zip(self.possible_agents, returns)
        }
        self.terminations = dict.fromkeys(self.agents, True)
        self.infos = infos

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move: an action id is needed, not None")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        action = int(action)
        legal = 0 <= action < self.state.num_actions and self.state.legal_action_mask()[action]
        if not legal and not self.strict:
            returns = [0.0] * len(self.possible_agents)
            returns[self.possible_agents.index(agent)] = -1.0
            infos = {name: {} for name in self.agents}
            infos[agent] = {"illegal": True}
            self._end(returns, infos)
        else:
            self.state.play_action(action)
            if self.state.is_over():
                outcome = self.state.outcome()
                self._end(
                    self.state.returns(),
                    {name: {"outcome": outcome} for name in self.agents},
                )
        self._accumulate_rewards()
        self.agent_selection = self.possible_agents[self.state.to_move]
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | np.ndarray | None:
        if self.render_mode is None:
            return None
        if self.render_mode == "rgb_array":
            return frame(self.state, 0)
        text = self.state.diagram()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass
