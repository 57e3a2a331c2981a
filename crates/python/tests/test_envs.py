"""The environments: PettingZoo's own API test for every game, and Gymnasium's env checker."""

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

import boardrules
import boardrules.gymnasium
import boardrules.pettingzoo
import gymnasium


# The two warnings api_test gives every environment whose observation is a Dict space not of
# its own making (its own classic games get them too): every other warning is an error.
API_TEST_DICT_WARNINGS = [
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be",
]


def test_pettingzoo_api_test(game):
    env = boardrules.pettingzoo.env(game)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for message in API_TEST_DICT_WARNINGS:
            warnings.filterwarnings("ignore", message=message, category=UserWarning)
        api_test(env)  # its defaults: 1000 cycles
    players = boardrules.new_game(game).num_players
    assert env.possible_agents == [f"player_{i}" for i in range(players)]
    if game == "svendo":
        assert players == 3
    for agent in env.possible_agents:
        space = env.observation_space(agent)
        observation = env.observe(agent)
        assert set(observation) == {"observation", "action_mask"}
        assert all(isinstance(value, np.ndarray) for value in observation.values())
        assert space.contains(observation)


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


def test_pettingzoo_illegal_action_ends_the_game(game):
    """As PettingZoo's classic games do: -1 for the agent that made it, 0 for the others."""
    env = boardrules.pettingzoo.env(game)
    env.reset()
    # One legal move first, so the offender is not always the first player.
    env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    offender = env.agent_selection
    mask = env.observe(offender)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0]) if (mask == 0).any() else env.state.num_actions
    env.step(illegal)
    totals = {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        assert terminated and not truncated
        assert not observation["action_mask"].any()
        totals[agent] = reward
        assert info.get("illegal", False) == (agent == offender)
        env.step(None)
    assert totals == {a: (-1.0 if a == offender else 0.0) for a in env.possible_agents}


def test_pettingzoo_strict_raises(game):
    env = boardrules.pettingzoo.env(game, strict=True)
    env.reset()
    with pytest.raises(ValueError):
        env.step(env.state.num_actions)
    mask = env.observe(env.agent_selection)["action_mask"]
    if (mask == 0).any():
        with pytest.raises(ValueError, match="not a legal move"):
            env.step(int(np.flatnonzero(mask == 0)[0]))


def test_pettingzoo_rgb_array(game):
    env = boardrules.pettingzoo.env(game, render_mode="rgb_array")
    env.reset()
    picture = env.render()
    rows, columns = env.state.observation_shape[1:]
    assert picture.dtype == np.uint8 and picture.shape == (rows * 32, columns * 32, 3)
    env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    assert not np.array_equal(env.render(), picture), "a move changes the picture"


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


def test_gymnasium_make_every_game(game):
    # Gymnasium's checker with its render check and warnings as errors.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for mode in ["rgb_array", "ansi"]:
            env = gymnasium.make(boardrules.gymnasium.env_id(game), render_mode=mode)
            check_env(env.unwrapped)
    env = gymnasium.make(boardrules.gymnasium.env_id(game), opponent="random")
    observation, info = env.reset(seed=0)
    assert env.observation_space.contains(observation)
    assert env.unwrapped.game == game
    names = {"kvarn3": "Kvarn3", "swedish-draughts": "SwedishDraughts"}
    if game in names:
        assert boardrules.gymnasium.env_id(game) == f"boardrules/{names[game]}-v0"


def test_gymnasium_render_modes(game):
    for mode in ["ansi", "rgb_array"]:
        env = boardrules.gymnasium.env(game, render_mode=mode)
        env.reset(seed=0)
        picture = env.render()
        if mode == "ansi":
            assert picture == env.state.diagram()
        else:
            rows, columns = env.state.observation_shape[1:]
            assert picture.dtype == np.uint8 and picture.shape == (rows * 32, columns * 32, 3)
    with pytest.raises(ValueError, match="render mode"):
        boardrules.gymnasium.env(game, render_mode="video")


def test_gymnasium_callable_opponent_sees_its_own_view(game):
    seen = []

    def first_legal(observation, mask):
        seen.append((observation, mask))
        return int(np.flatnonzero(mask)[0])

    env = boardrules.gymnasium.env(game, opponent=first_legal, player=1)
    observation, info = env.reset(seed=0)
    state = boardrules.new_game(game)
    first_observation, first_mask = seen[0]
    assert np.array_equal(first_observation, state.observation(0))
    assert np.array_equal(first_mask, state.legal_action_mask())
    state.play_action(int(np.flatnonzero(first_mask)[0]))
    while state.to_move != 1:  # Svendo's third seat is the opponent too
        state.play_action(int(np.flatnonzero(state.legal_action_mask())[0]))
    assert np.array_equal(observation, state.observation(1))
    with pytest.raises(TypeError):
        boardrules.gymnasium.env(game, opponent=42)


def test_gymnasium_self_play_observes_from_the_mover(game):
    env = boardrules.gymnasium.env(game, opponent="self")
    observation, info = env.reset(seed=0)
    state = boardrules.new_game(game)
    rng = np.random.default_rng(1)
    for _ in range(300):
        assert np.array_equal(observation, state.observation(state.to_move))
        assert np.array_equal(info["action_mask"].astype(bool), state.legal_action_mask())
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        mover = state.to_move
        state.play_action(action)
        observation, reward, terminated, truncated, info = env.step(action)
        if terminated:
            assert reward == state.returns()[mover]
            assert np.array_equal(observation, state.observation(mover))
            break
        assert reward == 0.0
    assert terminated, "a game ends within 300 plies"
