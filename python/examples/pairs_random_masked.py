"""The size-free pair environment (the TPDS placement on randomised clusters, seen as per-(job, VM)
pairs; unused slots of smaller clusters are masked): random allowed actions; prints each episode's
outcome.

    python python/examples/pairs_random_masked.py
"""
import gymnasium as gym
import numpy as np

import execplace  # noqa: F401  (registers execplace/Tpds-v0, Hjs-v0, Liu-v0, Pairs-v0)

env = gym.make("execplace/Pairs-v0", clusters="tpds,c5", workloads="tpds-burst", cluster_variants=4)
rng = np.random.default_rng(0)
for seed in range(3):
    obs, info = env.reset(seed=seed)
    done = False
    while not done:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, reward, terminated, truncated, info = env.step(action)
        done = terminated or truncated
    o = info["outcome"]
    print(f"episode {seed}: cost {o['cost']:.3f}, "
          f"{o['jobs_placed']}/{o['jobs']} jobs placed, {o['waits']} waits")
