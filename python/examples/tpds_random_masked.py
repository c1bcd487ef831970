"""Random masked actions in the TPDS placement environment, one episode per seed; prints each outcome.

    python python/examples/tpds_random_masked.py
"""
import gymnasium as gym
import numpy as np

import execplace  # noqa: F401  (registers execplace/Tpds-v0, Hjs-v0, Liu-v0, Pairs-v0)

env = gym.make("execplace/Tpds-v0", workload="tpds-burst", workload_seeds=3)  # episodes 0..2: three workloads
rng = np.random.default_rng(0)
for seed in range(3):
    obs, info = env.reset(seed=seed)
    done = False
    while not done:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, reward, terminated, truncated, info = env.step(action)
        done = terminated or truncated
    o = info["outcome"]
    print(f"episode {seed}: cost {o['cost']:.3f}, mean duration {o['mean_duration']:.1f} s, "
          f"{o['jobs_placed']}/{o['jobs']} jobs placed, {o['waits']} waits")
