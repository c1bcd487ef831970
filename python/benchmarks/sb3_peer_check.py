"""Peer check: Stable-Baselines3 against execplace's own learners on the same environment, the same
step budget and the same held-out workloads.

    pip install './python[peer]'            # stable-baselines3, sb3-contrib, torch
    python python/benchmarks/sb3_peer_check.py --steps 200000 --td3-steps 20000

1. execplace's PPO (Java, ``execplace train --agent ppo``) trains for whole iterations of 8 episodes;
   the environment steps it took are the budget of sb3-contrib's ``MaskablePPO``, trained on
   ``execplace/Tpds-v0`` with the same settings (tpds cluster, tpds-burst of 10 workload seeds,
   beta = 1 with the per-job reward, masked, normalised observations, rewards x 0.001 as our PPO
   scales them): once with the library's defaults and once with our PPO's hyper-parameters.
2. TD3 (SB3's ``TD3``) on a continuous-action wrapper of the same environment, as the ZH
   reproduction used TF-Agents' ``Td3Agent``: the action in [-1, 1] is mapped to an action index;
   a masked index is replaced by the nearest allowed one. Beside it, execplace's SAC (Java) with the
   same step budget.
3. Every agent is then run greedily on the same 20 held-out workloads (seeds 100001.., which no
   training saw) inside the same Python environment, and the mean episode cost is reported with a
   95 % interval (Student t), beside first-fit, gio and milp on the same workloads (``execplace
   heldout``; the agents run in an environment built on the held-out split, whose episode i is
   held-out workload i of ``heldout``).

Prints a Markdown table (the one in docs/python.md) and writes it with the raw numbers as JSON.
"""
from __future__ import annotations

import argparse
import csv
import json
import math
import statistics
import subprocess
import sys
import time
from pathlib import Path

import gymnasium as gym
import numpy as np

import execplace
from execplace.envs import ExecplaceEnv

REPO = Path(__file__).resolve().parents[2]
SETTINGS = dict(cluster="tpds", workload="tpds-burst", beta=1, per_job_reward=True, mask=True, normalise=True,
                workload_seeds=10)
JAVA_FLAGS = ["--cluster", "tpds", "--workload", "tpds-burst", "--beta", "1", "--per-job-reward", "--mask",
              "--normalise", "--workload-seeds", "10"]
REWARD_SCALE = 0.001
HELD_OUT_SEED = 100001
T95 = {19: 2.093, 9: 2.262, 4: 2.776}


def interval(xs):
    m = statistics.fmean(xs)
    if len(xs) < 2:
        return m, float("nan")
    return m, T95.get(len(xs) - 1, 1.96) * statistics.stdev(xs) / math.sqrt(len(xs))


def java_train(agent: str, iterations: int, out: Path, extra: list[str]) -> tuple[int, float]:
    """Trains with the execplace CLI; returns (environment steps, seconds)."""
    cmd = [str(REPO / "execplace"), "train", "--agent", agent, *JAVA_FLAGS, "--iterations", str(iterations),
           "--eval-interval", str(iterations), "--eval-episodes", "1", "--out", str(out), "-q", *extra]
    t0 = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    seconds = time.perf_counter() - t0
    with open(out / "learning-curve.csv") as f:
        rows = list(csv.DictReader(f))
    return int(rows[-1]["env_steps"]), seconds


def java_actor(folder: Path):
    """The trained Java agent's greedy choice, called from Python on the environment's observation."""
    import jpype
    trained = jpype.JClass("io.execplace.rl.train.TrainedAgent").read(jpype.JClass("java.nio.file.Path").of(str(folder)))
    policy = trained.policy()
    doubles, booleans = jpype.JArray(jpype.JDouble), jpype.JArray(jpype.JBoolean)
    return lambda obs, mask: int(policy.act(doubles(obs.tolist()), booleans(mask.astype(bool).tolist())))


class ScaledReward(gym.RewardWrapper):
    def reward(self, r):
        return r * REWARD_SCALE


class ContinuousActions(gym.ActionWrapper):
    """[-1, 1] -> an action index; a masked index becomes the nearest allowed one (ZH's TD3 mapping)."""

    def __init__(self, env):
        super().__init__(env)
        self.n = env.action_space.n
        self.action_space = gym.spaces.Box(-1.0, 1.0, shape=(1,), dtype=np.float32)

    def action(self, a):
        i = int(round((float(np.clip(a[0], -1, 1)) + 1) / 2 * (self.n - 1)))
        allowed = np.flatnonzero(self.env.unwrapped.action_masks())
        return int(allowed[np.argmin(np.abs(allowed - i))]) if len(allowed) else i


def training_env():
    return ScaledReward(ExecplaceEnv("tpds", **SETTINGS))


def held_out_costs(act, episodes: int) -> list[float]:
    """Greedy episodes on the held-out workloads execplace heldout evaluates for training seeds 1..10
    (seeds HELD_OUT_SEED.., and held-out SWIM arrival windows)."""
    env = ExecplaceEnv("tpds", **{**SETTINGS, "split": "held-out", "held_out": episodes, "held_out_seed": HELD_OUT_SEED})
    costs = []
    for i in range(episodes):
        obs, info = env.reset(seed=i)
        while True:
            obs, _, terminated, truncated, info = env.step(act(obs, info["action_mask"]))
            if terminated or truncated:
                costs.append(info["outcome"]["cost"])
                break
    return costs


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--steps", type=int, default=200_000, help="PPO budget in environment steps (rounded up to whole Java iterations)")
    p.add_argument("--td3-steps", type=int, default=20_000, help="TD3 and SAC budget in environment steps")
    p.add_argument("--held-out", type=int, default=20, help="held-out workloads")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", type=Path, default=Path("results/sb3-peer-check"))
    a = p.parse_args()
    try:
        import torch
        from sb3_contrib import MaskablePPO
        from stable_baselines3 import TD3
    except ImportError as e:
        print(f"sb3_peer_check: {e.name} is missing: pip install './python[peer]'", file=sys.stderr)
        return 2
    torch.set_num_threads(1)
    held = [d for d in ("java-ppo", "java-sac") if (a.out / d).exists()]
    if held:
        print(f"sb3_peer_check: {a.out} already holds a run ({', '.join(held)}): choose another --out or remove it",
              file=sys.stderr)
        return 2
    a.out.mkdir(parents=True, exist_ok=True)
    rows = []

    def report(name, steps, seconds, costs):
        m, h = interval(costs)
        rows.append(dict(agent=name, steps=steps, train_seconds=round(seconds, 1), mean_cost=m, ci95=h, costs=costs))
        print(f"{name:40s} {steps:8d} steps {seconds:7.1f} s  held-out cost {m:.4f} ± {h:.4f}", flush=True)

    # 1. PPO: execplace's, then MaskablePPO with the same number of environment steps.
    steps_per_iteration = 8 * 544  # about 8 tpds-burst episodes
    iterations = max(1, math.ceil(a.steps / steps_per_iteration))
    steps, seconds = java_train("ppo", iterations, a.out / "java-ppo", ["--collect", "8", "--seed", str(a.seed)])
    execplace.jvm.start()
    report("execplace PPO (Java)", steps, seconds, held_out_costs(java_actor(a.out / "java-ppo"), a.held_out))

    def maskable(name, **kwargs):
        model = MaskablePPO("MlpPolicy", training_env(), seed=a.seed, verbose=0, **kwargs)
        t0 = time.perf_counter()
        model.learn(total_timesteps=steps)
        act = lambda obs, mask: int(model.predict(obs, action_masks=mask.astype(bool), deterministic=True)[0])
        report(name, steps, time.perf_counter() - t0, held_out_costs(act, a.held_out))

    maskable("sb3-contrib MaskablePPO (defaults)")
    maskable("sb3-contrib MaskablePPO (our PPO's settings)", learning_rate=1e-3, gamma=0.9, gae_lambda=0.95,
             n_steps=steps_per_iteration, batch_size=256, n_epochs=4, ent_coef=0.01, clip_range=0.2,
             max_grad_norm=0.5, policy_kwargs=dict(net_arch=[64, 64]))

    # 2. TD3 on continuous actions, beside execplace's SAC with the same budget.
    env = ContinuousActions(training_env())
    td3 = TD3("MlpPolicy", env, seed=a.seed, verbose=0, learning_starts=1000)
    t0 = time.perf_counter()
    td3.learn(total_timesteps=a.td3_steps)
    mapper = ContinuousActions(ExecplaceEnv("tpds", **SETTINGS))

    def td3_act(obs, mask):
        i = int(round((float(np.clip(td3.predict(obs, deterministic=True)[0][0], -1, 1)) + 1) / 2 * (mapper.n - 1)))
        allowed = np.flatnonzero(mask)
        return int(allowed[np.argmin(np.abs(allowed - i))])

    report("SB3 TD3 (continuous wrapper, as ZH)", a.td3_steps, time.perf_counter() - t0, held_out_costs(td3_act, a.held_out))
    # SAC collects one step per iteration after 1,000 random warm-up steps: as many steps and updates as TD3.
    sac_iterations = max(1, a.td3_steps - 1000)
    steps, seconds = java_train("sac", sac_iterations, a.out / "java-sac", ["--seed", str(a.seed)])
    report("execplace SAC (Java)", steps, seconds, held_out_costs(java_actor(a.out / "java-sac"), a.held_out))

    # References on the same held-out workloads (execplace heldout: seeds 100001.. too).
    text = subprocess.run([str(REPO / "execplace"), "heldout", "--workload", "tpds-burst", "--cluster", "tpds",
                           "--schedulers", "first-fit,gio,milp", "--held-out", str(a.held_out),
                           "--seed", "1", "--workload-seeds", str(SETTINGS["workload_seeds"]),
                           "--held-out-seed", str(HELD_OUT_SEED), "--json"],
                          check=True, capture_output=True, text=True).stdout
    results = json.loads(text)["results"]
    for r in results.get("heldOut", results.get("held-out", [])):  # "held-out" in earlier builds
        rows.append(dict(agent=f"reference: {r['scheduler']}", steps=0, train_seconds=0,
                         mean_cost=r["cost"]["mean"], ci95=r["cost"]["halfWidth"], costs=[]))

    (a.out / "peer-check.json").write_text(json.dumps(rows, indent=2))
    by_name = {r["agent"]: r["costs"] for r in rows}
    print("\npaired differences on the same held-out workloads (negative: the first is cheaper):")
    for first, second in [("sb3-contrib MaskablePPO (our PPO's settings)", "execplace PPO (Java)"),
                          ("sb3-contrib MaskablePPO (defaults)", "execplace PPO (Java)"),
                          ("SB3 TD3 (continuous wrapper, as ZH)", "execplace SAC (Java)")]:
        d = [x - y for x, y in zip(by_name[first], by_name[second])]
        m, h = interval(d)
        print(f"  {first} - {second}: {m:+.4f} ± {h:.4f} ({sum(x < 0 for x in d)}/{len(d)} workloads cheaper)")
    print("\n| agent | env steps | training s | held-out cost (mean ± 95 %) |\n|---|---|---|---|")
    for r in rows:
        steps = f"{r['steps']:,}" if r["steps"] else "–"
        print(f"| {r['agent']} | {steps} | {r['train_seconds'] or '–'} | {r['mean_cost']:.4f} ± {r['ci95']:.4f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
