"""The environments on workloads with executor demands (dynamic allocation), from Python."""
import gymnasium as gym
import jpype
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import execplace

DYNAMIC = {"cluster": "hybrid-small", "workload": "hybrid-medium-dynamic", "jobs": 30}


@pytest.mark.parametrize("env_id", ["execplace/Tpds-v0", "execplace/Hjs-v0"])
def test_gymnasiums_checker_passes_on_a_dynamic_workload(env_id):
    check_env(gym.make(env_id, **DYNAMIC).unwrapped)


def _bare(env):
    java = env.unwrapped._env
    return java.unwrapped() if hasattr(java, "unwrapped") else java


def test_an_episode_driven_by_first_fit_is_simulates_run():
    """Java's first-fit picks each placement, the Python environment takes it executor by executor:
    the episode ends as `simulate` with first-fit on the same workload and queue order (training
    episode 0 is seed 1)."""
    env = gym.make("execplace/Tpds-v0", **DYNAMIC)
    bare = _bare(env)
    policy = jpype.JClass("io.execplace.schedulers.Schedulers").create("first-fit", 1)
    obs, info = env.reset(seed=0)
    done, requests = False, 0
    while not done:
        requests += int(bare.currentJobIndex()) >= int(bare.episodeJobs().size())
        p = policy.place(bare.currentJob(), bare.clusterView())
        actions = [0] if p is None or p.isNone() else [int(p.vm(i)) + 1 for i in range(int(p.executors()))]
        for a in actions:
            assert info["action_mask"][a] == 1
            obs, reward, terminated, truncated, info = env.step(a)
            done = terminated or truncated
            if done:
                break
    outcome = info["outcome"]
    # The environment's queue is FCFS (TPDS); this scenario's own default is EDF.
    summary = execplace.simulate(scheduler="first-fit", seed=1, queue="fcfs", **DYNAMIC)
    assert requests > 0 and outcome["completed"]
    assert outcome["jobs_placed"] == summary["jobsCompleted"] == 30
    assert outcome["capacity"]["executors_added"] == summary["executorsAdded"] > 0
    assert outcome["capacity"]["executors_cancelled"] == summary["executorsCancelled"]
    # The outcome sums in start order, the summary in job order: equal to rounding.
    for mine, theirs in (("cost", "totalCost"), ("mean_duration", "meanDuration"),
                         ("mean_turnaround", "meanTurnaround")):
        assert outcome[mine] == pytest.approx(summary[theirs], rel=1e-12), mine


def test_the_vector_environment_reports_added_executors():
    vec = execplace.ExecplaceVectorEnv("tpds", num_envs=2, **DYNAMIC)
    obs, info = vec.reset(seed=0)
    rng = np.random.default_rng(5)
    for _ in range(20000):
        masks = info["action_mask"]
        # Random allowed placements, the wait only when nothing else is allowed.
        placing = masks.copy()
        placing[:, 0] = 0
        scores = rng.random(masks.shape) * np.where(placing.any(axis=1, keepdims=True), placing, masks)
        obs, rewards, terminated, truncated, info = vec.step(np.argmax(scores, axis=1))
        if "outcome" in info:
            ended = [info["outcome"][i] for i in np.flatnonzero(info["_outcome"])]
            completed = [o for o in ended if o["completed"]]
            if completed:
                assert all(o["capacity"]["executors_added"] > 0 for o in completed)
                return
    pytest.fail("no episode completed in 20000 steps")


def test_fixed_workloads_still_carry_no_capacity():
    env = execplace.ExecplaceEnv("tpds", cluster="hybrid-small", workload="hybrid-medium", jobs=30)
    env.reset(seed=0)
    assert "capacity" not in env.outcome()
