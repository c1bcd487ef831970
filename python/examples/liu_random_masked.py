"""LIU's multi-cluster environment (one dispatch of a waiting application to a cluster per step,
Table I state): random allowed dispatches; prints each episode's outcome.

    python python/examples/liu_random_masked.py
"""
import gymnasium as gym
import numpy as np

import execplace  # noqa: F401  (registers execplace/Tpds-v0, Hjs-v0, Liu-v0, Pairs-v0)

env = gym.make("execplace/Liu-v0", arrivals="uniform", apps=100)
rng = np.random.default_rng(0)
for seed in range(3):
    obs, info = env.reset(seed=seed)
    done = False
    steps = 0
    while not done:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, reward, terminated, truncated, info = env.step(action)
        done = terminated or truncated
        steps += 1
    o = info["outcome"]
    print(f"episode {seed}: {steps} dispatches, return {o['episode_reward']:.1f}, "
          f"{o['jobs_placed']}/{o['jobs']} applications placed")
