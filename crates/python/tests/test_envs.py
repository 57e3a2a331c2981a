"""The environments: PettingZoo's own API test for every game, and Gymnasium's env checker."""

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

import boardrules
import boardrules.gymnasium
import boardrules.pettingzoo


def test_pettingzoo_api_test(game):
    env = boardrules.pettingzoo.env(game)
    api_test(env)  # its defaults: 1000 cycles
    players = boardrules.new_game(game).num_players
    assert len(env.possible_agents) == players
    if game == "svendo":
        assert players == 3


def test_pettingzoo_random_games_end_with_returns(game):
    env = boardrules.pettingzoo.env(game, render_mode="ansi")
    rng = np.random.default_rng(5)
    env.reset(seed=1)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    assert env.render()
    for agent in env.agent_iter(100_000):
        observation, reward, terminated, truncated, info = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        mask = observation["action_mask"]
        assert mask.dtype == np.int8 and mask.any()
        env.step(int(rng.choice(np.flatnonzero(mask))))
    assert not env.agents
    values = sorted(totals.values())
    assert values == [0.0] * len(values) or values == [-1.0] * (len(values) - 1) + [1.0]


def test_pettingzoo_illegal_action(game):
    env = boardrules.pettingzoo.env(game)
    env.reset()
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = np.flatnonzero(mask == 0)
    if len(illegal):
        with pytest.raises(ValueError):
            env.step(int(illegal[0]))


def test_gymnasium_check_env_and_episodes(game):
    players = boardrules.new_game(game).num_players
    for player in range(players):
        env = boardrules.gymnasium.env(game, opponent="random", player=player)
        check_env(env, skip_render_check=True)
        observation, info = env.reset(seed=3)
        assert env.observation_space.contains(observation)
        rewards = []
        for _ in range(2000):
            mask = info["action_mask"]
            assert np.array_equal(mask.astype(bool), env.action_masks())
            action = int(np.flatnonzero(mask)[0])
            observation, reward, terminated, truncated, info = env.step(action)
            rewards.append(reward)
            if terminated:
                assert reward in (-1.0, 0.0, 1.0)
                break
        assert terminated
        assert set(rewards[:-1]) <= {0.0}


def test_gymnasium_against_an_engine():
    game = boardrules.games()[0]
    env = boardrules.gymnasium.env(game, opponent="mcts", opponent_limits={"iterations": 50})
    observation, info = env.reset(seed=0)
    observation, reward, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert observation.shape == env.observation_space.shape


def test_gymnasium_illegal_actions(game):
    def first_illegal(env):
        # Plays first legal actions until some action id is not legal.
        observation, info = env.reset(seed=1)
        while info["action_mask"].all():
            observation, reward, terminated, truncated, info = env.step(
                int(np.flatnonzero(info["action_mask"])[0])
            )
            assert not terminated
        return int(np.flatnonzero(info["action_mask"] == 0)[0])

    env = boardrules.gymnasium.env(game)
    illegal = first_illegal(env)
    observation, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    strict = boardrules.gymnasium.env(game, illegal_action="raise")
    assert first_illegal(strict) == illegal
    with pytest.raises(ValueError, match="not a legal move"):
        strict.step(illegal)
    with pytest.raises(ValueError):
        boardrules.gymnasium.env(game, illegal_action="ignore")


def test_gymnasium_bad_player():
    game = boardrules.games()[0]
    with pytest.raises(ValueError, match="no player"):
        boardrules.gymnasium.env(game, player=7)
