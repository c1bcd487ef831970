"""Environment steps per second of the batched vector environment (64 TPDS environments, random
masked actions drawn with NumPy for the whole batch at once).

    python python/benchmarks/vector_rate.py
"""
import time

import numpy as np

import execplace

N = 64
vec = execplace.ExecplaceVectorEnv("tpds", num_envs=N, workload="tpds-burst", mask=True)
obs, info = vec.reset(seed=0)
rng = np.random.default_rng(0)
masks = info["action_mask"]
steps = 0
t0 = time.perf_counter()
while time.perf_counter() - t0 < 8:
    actions = np.argmax(rng.random(masks.shape) * masks, axis=1)
    obs, rewards, terminated, truncated, info = vec.step(actions)
    masks = info["action_mask"]
    steps += N
dt = time.perf_counter() - t0
print(f"{steps} environment steps in {dt:.1f} s: {steps / dt:,.0f} steps/s with {N} environments")
