"""RLlib's PPO on a boardrules game through ``boardrules.rllib``: one policy shared by every
seat (self-play), RLlib's action-masking module, the env checker on. Then the trained policy
(greedy over its masked logits) plays the uniform random player, 100 games a seat.

    BOARDRULES_RLLIB=1 python examples/rllib_ppo.py [--game kvarn3] [--iterations 20]

Needs ``ray[rllib]`` and torch (CPU is enough).
"""

import argparse
import os
import sys
import time

import numpy as np


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="kvarn3")
    parser.add_argument("--iterations", type=int, default=20)
    parser.add_argument("--games", type=int, default=100, help="evaluation games per seat")
    args = parser.parse_args()
    if os.environ.get("BOARDRULES_RLLIB") != "1":
        print("rllib_ppo.py runs with BOARDRULES_RLLIB=1 (it needs ray[rllib] and torch)")
        return 0

    import ray
    import torch
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import (
        ActionMaskingTorchRLModule,
    )
    from ray.tune.registry import register_env

    import boardrules
    import boardrules.rllib

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    register_env(args.game, lambda config: boardrules.rllib.env(args.game))
    config = (
        PPOConfig()
        .environment(args.game)
        .multi_agent(
            policies={"shared"},
            policy_mapping_fn=lambda agent_id, episode, **kwargs: "shared",
        )
        .rl_module(
            rl_module_spec=MultiRLModuleSpec(
                rl_module_specs={
                    "shared": RLModuleSpec(
                        module_class=ActionMaskingTorchRLModule,
                        model_config={"head_fcnet_hiddens": [64, 64]},
                    )
                }
            )
        )
        .env_runners(num_env_runners=1)
        .training(train_batch_size_per_learner=2000, minibatch_size=250, num_epochs=5, lr=1e-3)
    )
    algo = config.build_algo()
    start = time.process_time()
    wall = time.perf_counter()
    for iteration in range(args.iterations):
        result = algo.train()
        steps = result.get("env_runners", {}).get("num_env_steps_sampled_lifetime")
        print(f"iteration {iteration + 1}: {steps} env steps", flush=True)
    print(f"training: {time.process_time() - start:.0f} s CPU (this process), "
          f"{time.perf_counter() - wall:.0f} s wall")

    module = algo.get_module("shared")
    env = boardrules.rllib.env(args.game)
    rng = np.random.default_rng(0)
    players = len(env.possible_agents)
    for seat in range(players):
        score = {"win": 0, "draw": 0, "loss": 0}
        for _ in range(args.games):
            observations, _ = env.reset()
            while True:
                agent = next(iter(observations))
                mask = observations[agent]["action_mask"]
                if env.possible_agents.index(agent) == seat:
                    batch = {
                        "obs": {
                            key: torch.from_numpy(value[None])
                            for key, value in observations[agent].items()
                        }
                    }
                    logits = module.forward_inference(batch)["action_dist_inputs"][0]
                    logits = logits.detach().numpy() + np.where(mask > 0, 0.0, -1e9)
                    action = int(np.argmax(logits))
                else:
                    action = int(rng.choice(np.flatnonzero(mask)))
                observations, rewards, terminateds, _, _ = env.step({agent: action})
                if terminateds["__all__"]:
                    reward = rewards[env.possible_agents[seat]]
                    score["win" if reward > 0 else "loss" if reward < 0 else "draw"] += 1
                    break
        print(f"trained policy as seat {seat} against random: {score}")
    algo.stop()
    ray.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
