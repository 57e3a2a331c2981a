"""The RLlib environment: RLlib's own env checker passes with it (it plays random actions,
legal or not), illegal actions end the game as in PettingZoo, and only the mover observes.
These tests need ray[rllib]; the PPO example runs with BOARDRULES_RLLIB=1 (it needs torch)."""

import os
import pathlib
import subprocess
import sys

import numpy as np
import pytest

pytest.importorskip("ray.rllib", reason="needs ray[rllib]")

import boardrules  # noqa: E402
import boardrules.rllib  # noqa: E402


def test_rllib_env_checker_passes(game):
    from ray.rllib.utils.pre_checks.env import check_multiagent_environments

    check_multiagent_environments(boardrules.rllib.env(game))


def test_only_the_mover_observes_and_games_end_for_all(game):
    env = boardrules.rllib.env(game)
    observations, infos = env.reset(seed=0)
    state = boardrules.new_game(game)
    rng = np.random.default_rng(2)
    for _ in range(3000):
        (agent,) = observations
        assert agent == f"player_{state.to_move}"
        assert np.array_equal(observations[agent]["observations"], state.observation().reshape(-1))
        assert np.array_equal(observations[agent]["action_mask"], state.legal_action_mask())
        action = int(rng.choice(state.legal_actions()))
        state.play_action(action)
        observations, rewards, terminateds, truncateds, infos = env.step({agent: action})
        if terminateds["__all__"]:
            assert rewards == dict(zip(env.possible_agents, state.returns()))
            break
        assert not rewards
    assert terminateds["__all__"]


def test_an_illegal_action_ends_the_game(game):
    env = boardrules.rllib.env(game, flatten=False)
    observations, _ = env.reset()
    (agent,) = observations
    assert observations[agent]["observations"].shape == boardrules.new_game(game).observation_shape
    mask = observations[agent]["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0]) if (mask == 0).any() else len(mask)
    _, rewards, terminateds, _, infos = env.step({agent: illegal})
    assert terminateds["__all__"] and infos[agent]["illegal"]
    assert rewards == {a: (-1.0 if a == agent else 0.0) for a in env.possible_agents}


@pytest.mark.skipif(os.environ.get("BOARDRULES_RLLIB") != "1", reason="BOARDRULES_RLLIB=1")
def test_the_ppo_example_trains():
    pytest.importorskip("torch")
    example = pathlib.Path(__file__).resolve().parent.parent / "examples" / "rllib_ppo.py"
    done = subprocess.run(
        [sys.executable, str(example), "--iterations", "2", "--games", "5"],
        capture_output=True,
        text=True,
        timeout=1200,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "trained policy as seat 1 against random" in done.stdout
