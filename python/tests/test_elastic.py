"""The environments on elastic clusters (node pools bought by placing on them), from Python."""
import gymnasium as gym
import jpype
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import execplace

POOLS_FILE = """\
name: test-pools
nodePools:
  - name: spot
    capacityType: spot
    instanceTypes:
      - {name: m5.xlarge, cores: 4, memoryGb: 16, onDemandPricePerHour: 0.192, spotPricePerHour: 0.0768}
      - {name: m5.2xlarge, cores: 8, memoryGb: 32, onDemandPricePerHour: 0.384, spotPricePerHour: 0.1536}
    limitCores: 96
    launchDelaySeconds: 30-90
    reclaimAtSeconds: [300]
  - name: on-demand
    instanceTypes:
      - {name: m5.2xlarge, cores: 8, memoryGb: 32, onDemandPricePerHour: 0.384}
    limitCores: 96
"""


@pytest.mark.parametrize("env_id,cluster", [("execplace/Tpds-v0", "elastic-spot"),
                                            ("execplace/Tpds-v0", "elastic-ondemand"),
                                            ("execplace/Hjs-v0", "elastic-spot"),
                                            # Driver pods through the same setting: the kernel places them.
                                            ("execplace/Tpds-v0", "elastic-spot+drivers"),
                                            ("execplace/Hjs-v0", "elastic-ondemand+drivers")])
def test_gymnasiums_checker_passes_on_the_elastic_presets(env_id, cluster):
    env = gym.make(env_id, cluster=cluster, workload="tpds-burst", render_mode="ansi").unwrapped
    check_env(env)
    obs, info = env.reset(seed=0)
    env.step(int(np.flatnonzero(info["action_mask"])[-1]))  # buys a node
    text = env.render()
    assert "not bought" in text and "ready" in text.replace("not bought", "")


def test_gymnasiums_checker_passes_on_a_node_pools_file(tmp_path):
    path = tmp_path / "pools.yaml"
    path.write_text(POOLS_FILE)
    env = gym.make("execplace/Tpds-v0", cluster=str(path), workload="tpds-burst").unwrapped
    check_env(env, skip_render_check=True)


def _episode(env, seed):
    """One episode from reset(seed=seed), random allowed actions from the same seed: what it saw."""
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    seen = [obs.tobytes()]
    while True:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, reward, terminated, truncated, info = env.step(action)
        seen.append((action, obs.tobytes(), reward, info["event"]))
        if terminated or truncated:
            return seen, info


@pytest.mark.parametrize("seed", [0, 1])
def test_a_seeded_episode_on_spot_pools_replays_bit_for_bit_and_reports_the_nodes(seed):
    settings = dict(cluster="elastic-spot", workload="tpds-burst", workload_seeds=2)
    first, info = _episode(execplace.ExecplaceEnv("tpds", **settings), seed)
    again, info_again = _episode(gym.make("execplace/Tpds-v0", **settings).unwrapped, seed)
    assert first == again
    assert info["outcome"] == info_again["outcome"]
    # The same episode as the Java environment gives it, byte for byte.
    java = jpype.JClass("io.execplace.rl.env.registry.Envs").make("tpds", execplace.episodes.java_settings(
        "tpds", settings))
    java_seen = [np.array(java.reset(seed), dtype=np.float64).tobytes()]
    for action, *_ in first[1:]:
        r = java.step(action)
        java_seen.append((action, np.array(r.observation(), dtype=np.float64).tobytes(), float(r.reward()),
                          None if r.event() is None else str(r.event().name())))
    assert java_seen == first
    # Random allowed actions reach the end of the episode; its outcome says what the pools did.
    assert info["outcome"]["completed"] and info["outcome"]["jobs_placed"] == info["outcome"]["jobs"]
    capacity = info["outcome"]["capacity"]
    assert capacity["nodes_bought"] > 0 and capacity["node_hours"] > 0
    assert set(capacity) == {"nodes_bought", "node_hours", "interruptions", "executors_lost",
                             "executor_seconds_lost", "jobs_stopped", "executors_added", "executors_cancelled",
                             "added_executor_hours", "applications_restarted"}


def test_fixed_clusters_carry_no_capacity_and_elastic_ones_do_before_the_end():
    fixed = execplace.ExecplaceEnv("tpds", workload="tpds-burst")
    fixed.reset(seed=0)
    assert "capacity" not in fixed.outcome()
    elastic = execplace.ExecplaceEnv("tpds", cluster="elastic-ondemand", workload="tpds-burst")
    obs, info = elastic.reset(seed=0)
    elastic.step(int(np.flatnonzero(info["action_mask"])[-1]))  # a placement on a node not bought buys it
    assert elastic.outcome()["capacity"]["nodes_bought"] == 1


def test_the_vector_environment_on_pools_reports_each_ended_episodes_nodes():
    vec = execplace.ExecplaceVectorEnv("tpds", num_envs=2, cluster="elastic-spot", workload="tpds-burst",
                                       workload_seeds=2)
    obs, info = vec.reset(seed=0)
    rng = np.random.default_rng(3)
    for _ in range(5000):
        masks = info["action_mask"]
        obs, rewards, terminated, truncated, info = vec.step(np.argmax(rng.random(masks.shape) * masks, axis=1))
        if "outcome" in info:
            ended = np.flatnonzero(info["_outcome"])
            assert all(info["outcome"][i]["capacity"]["nodes_bought"] > 0 for i in ended)
            return
    pytest.fail("no episode ended in 5000 steps")


def test_restarted_applications_are_javas_count_in_the_single_and_the_vector_environments(tmp_path):
    # Spot nodes taken back under driver pods: an application whose driver's node goes restarts.
    path = tmp_path / "driver-pools.yaml"
    path.write_text("driverPods: true\n" + POOLS_FILE.replace("reclaimAtSeconds: [300]", "reclaimAtSeconds: [300, 600, 900]"))
    settings = dict(cluster=str(path), workload="tpds-burst", workload_seeds=4)
    vec = execplace.ExecplaceVectorEnv("tpds", num_envs=4, **settings)
    obs, info = vec.reset(seed=0)
    rng = np.random.default_rng(1)
    restarted = []
    for _ in range(20000):
        masks = info["action_mask"]
        obs, rewards, terminated, truncated, info = vec.step(np.argmax(rng.random(masks.shape) * masks, axis=1))
        for i in (np.flatnonzero(info["_outcome"]) if "outcome" in info else []):
            java = vec._batch.endedOutcome(int(i)).capacity().applicationsRestarted()
            restarted.append(info["outcome"][i]["capacity"]["applications_restarted"])
            assert restarted[-1] == java and type(restarted[-1]) is int
        if len(restarted) >= 12:
            break
    assert len(restarted) >= 12 and max(restarted) > 0
    single = execplace.ExecplaceEnv("tpds", **settings)
    single.reset(seed=0)
    assert single.outcome()["capacity"]["applications_restarted"] == 0
