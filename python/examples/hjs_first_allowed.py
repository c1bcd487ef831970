"""The HJS environment (jobs offered in hjs-weight order, Table 1 rewards, Target at the end) on the
c5 cluster: always the lowest-numbered allowed action; prints each episode's outcome.

    python python/examples/hjs_first_allowed.py
"""
import gymnasium as gym
import numpy as np

import execplace  # noqa: F401  (registers execplace/Tpds-v0, Hjs-v0, Liu-v0, Pairs-v0)

env = gym.make("execplace/Hjs-v0", cluster="c5", workload="hjs-60-20", workload_seeds=3)
for seed in range(3):
    obs, info = env.reset(seed=seed)
    done = False
    while not done:
        action = int(np.flatnonzero(info["action_mask"])[0])
        obs, reward, terminated, truncated, info = env.step(action)
        done = terminated or truncated
    o = info["outcome"]
    print(f"episode {seed}: cost {o['cost']:.2f}, deadlines met {o['deadline_met_percent']:.1f} %, "
          f"{o['jobs_placed']}/{o['jobs']} jobs placed")
