"""The Stable-Baselines3 adapter: SB3's conventions (terminal observations, truncation flags,
masks through env_method) and sb3-contrib's MaskablePPO learning with it. These tests need
sb3-contrib (and so torch); ci.sh does not install them."""

import numpy as np
import pytest

pytest.importorskip("sb3_contrib", reason="needs sb3-contrib and torch")

import boardrules  # noqa: E402
import boardrules.gymnasium  # noqa: E402
import boardrules.sb3  # noqa: E402


def test_sb3_conventions(game):
    env = boardrules.sb3.VecEnv(game, 3, opponent="random", max_plies=10)
    observations = env.reset()
    assert observations.shape == (3, *env.observation_space.shape)
    masks = np.stack(env.env_method("action_masks"))
    assert masks.shape == (3, env.action_space.n)
    seen_done = False
    for _ in range(30):
        actions = np.array([np.flatnonzero(m)[0] for m in masks])
        env.step_async(actions)
        observations, rewards, dones, infos = env.step_wait()
        assert len(infos) == 3
        for i in np.flatnonzero(dones):
            seen_done = True
            assert infos[i]["terminal_observation"].shape == env.observation_space.shape
            assert isinstance(infos[i]["TimeLimit.truncated"], bool)
        masks = np.stack(env.env_method("action_masks"))
    assert seen_done


def test_maskable_ppo_learns_to_beat_random():
    from sb3_contrib import MaskablePPO

    game = "kvarn3"
    env = boardrules.sb3.VecEnv(game, 16, opponent="random", seed=1)
    model = MaskablePPO("MlpPolicy", env, n_steps=64, batch_size=256, seed=0, verbose=0)
    model.learn(20_000)
    evaluation = boardrules.gymnasium.env(game, opponent="random")
    wins = 0
    for episode in range(100):
        observation, info = evaluation.reset(seed=episode)
        while True:
            action, _ = model.predict(
                observation, action_masks=info["action_mask"].astype(bool), deterministic=True
            )
            observation, reward, terminated, _, info = evaluation.step(int(action))
            if terminated:
                wins += reward > 0
                break
    # Random play as the first player wins about half its Kvarn3 games against random play
    # (1 018 of 2 000, with 39 draws).
    assert wins >= 75, wins
