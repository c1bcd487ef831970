"""Steps per second of one TPDS environment stepped from a Python loop with random masked actions.

    python python/benchmarks/step_rate.py
"""
import time

import numpy as np

import execplace

env = execplace.ExecplaceEnv("tpds", workload="tpds-burst", mask=True)
rng = np.random.default_rng(0)
steps = 0; t0 = time.perf_counter(); seed = 0
obs, info = env.reset(seed=0)
while time.perf_counter() - t0 < 8:
    a = int(rng.choice(np.flatnonzero(info["action_mask"])))
    obs, r, term, trunc, info = env.step(a)
    steps += 1
    if term or trunc:
        seed += 1; obs, info = env.reset(seed=seed)
dt = time.perf_counter() - t0
print(f"{steps} steps in {dt:.1f} s: {steps/dt:,.0f} steps/s")
