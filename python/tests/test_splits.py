"""Seeds that mean what they say: an environment runs the episodes of one named workload split, and a
held-out environment runs exactly the workloads `execplace heldout` evaluates."""
import sys
from pathlib import Path

import jpype
import pytest

import execplace

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "examples"))
from python_first_fit import first_fit  # noqa: E402


def _job(job):
    return (int(job.id()), float(job.arrival()), int(job.executors()), int(job.coresPerExecutor()),
            float(job.memoryGbPerExecutor()), float(job.baseDuration()))


def _episode_workload(env, episode):
    env.reset(options={"episode": episode})
    java = env.java_env
    bare = java.unwrapped() if hasattr(java, "unwrapped") else java  # under its wrappers, if any
    return frozenset(_job(j) for j in bare.episodeJobs())


def test_a_held_out_environment_runs_the_workloads_heldout_evaluates():
    seen = {}  # simulation (its cluster view) -> the jobs the policy was asked to place

    def recording_first_fit(job, view):
        seen.setdefault(int(jpype.JClass("java.lang.System").identityHashCode(view)), set()).add(_job(job))
        return first_fit(job, view)

    execplace.run("heldout", "--workload", "tpds-burst", "--schedulers", "recorder", "--held-out", "3",
                  "--held-out-seed", "500", "--train-seed", "7", "--train-seeds", "2",
                  policies={"recorder": recording_first_fit})
    runs = {frozenset(jobs) for jobs in seen.values()}
    assert len(runs) == 2 + 3  # two training workloads, three held-out ones

    held_out = execplace.ExecplaceEnv("tpds", workload="tpds-burst", split="held-out", held_out=3, held_out_seed=500,
                                      seed=7, workload_seeds=2)
    training = execplace.ExecplaceEnv("tpds", workload="tpds-burst", seed=7, workload_seeds=2)
    held_out_workloads = {_episode_workload(held_out, e) for e in range(3)}
    training_workloads = {_episode_workload(training, e) for e in range(2)}
    assert len(held_out_workloads) == 3 and len(training_workloads) == 2
    assert held_out_workloads | training_workloads == runs
    obs, info = held_out.reset(seed=2)
    assert info["split"] == "held-out" and info["workload_seed"] == 502


def test_a_seed_past_the_split_says_which_episode_it_runs():
    env = execplace.ExecplaceEnv("tpds", workload="tpds-burst", workload_seeds=10)
    obs, info = env.reset(seed=3)
    assert (info["episode"], info["split"], info["workload_seed"]) == (3, "training", 4)
    with pytest.warns(UserWarning, match=r"s ≥ 10 runs episode s mod 10: the training split has 10 episode"):
        obs, info = env.reset(seed=100001)
    assert info["workload_seed"] == 2  # a training workload, and the info says so
    with pytest.raises(ValueError, match=r"options\['episode'\]=10 is not an episode of the training split \(0..9\)"):
        env.reset(options={"episode": 10})


def test_held_out_workloads_are_not_training_workloads():
    training = execplace.ExecplaceEnv("tpds", workload="tpds-burst", workload_seeds=3)
    held_out = execplace.ExecplaceEnv("tpds", workload="tpds-burst", split="held-out", held_out=3)
    assert not {_episode_workload(training, e) for e in range(3)} & {_episode_workload(held_out, e) for e in range(3)}


def test_bad_splits_are_refused():
    with pytest.raises(ValueError, match="held-out-seed.*seed 2 is used in training"):
        execplace.ExecplaceEnv("tpds", workload="tpds-burst", split="held-out", held_out_seed=2, workload_seeds=3)
    with pytest.raises(ValueError, match="setting 'split' is held-out, and held-out workloads are other seeds of a workload preset"):
        execplace.ExecplaceEnv("tpds", workload="no-such.csv", split="held-out")


def test_the_datasets_are_the_workload_presets_and_each_has_both_splits():
    listed = {d["name"]: d for d in execplace.datasets()}
    assert {"tpds-burst", "tpds-normal", "hjs-60-20"} <= listed.keys()
    assert all(d["description"] and d["splits"] == ["training", "held-out"] for d in listed.values())
    env = execplace.ExecplaceEnv("hjs", workload="hjs-60-20", split="held-out", held_out=2)
    assert env.reset(seed=1)[1]["workload_seed"] == 100002
