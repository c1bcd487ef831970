"""Gymnasium's conventions: render modes, close, copies rebuilt from settings, outcomes on every end,
the vector environment's final observations, outcomes and episodes."""
import copy
import pickle

import gymnasium as gym
import numpy as np
import pytest

import execplace


def _first_allowed(info):
    return int(np.flatnonzero(info["action_mask"])[0])


def test_render_modes_none_and_ansi():
    plain = gym.make("execplace/Tpds-v0")
    plain.reset(seed=0)
    assert plain.render() is None
    env = gym.make("execplace/Tpds-v0", workload="tpds-burst", render_mode="ansi")
    obs, info = env.reset(seed=0)
    env.step(_first_allowed(info))
    text = env.render()
    lines = text.splitlines()
    assert lines[0].startswith("episode 0 (training, workload seed 1), step 1, last action")
    assert lines[2].startswith("job ") and "placed" in lines[2]
    vm_lines = [line for line in lines if line.split()[0].isdigit()]
    assert len(vm_lines) == env.action_space.n - 1  # one line per VM (action 0 waits)
    with pytest.raises(ValueError, match="render_mode 'rgb_array' is not one"):
        execplace.ExecplaceEnv("tpds", render_mode="rgb_array")


def test_close_closes_both_environments():
    env = execplace.ExecplaceEnv("tpds")
    env.reset(seed=0)
    env.close()
    env.close()  # twice is fine
    with pytest.raises(RuntimeError, match="closed"):
        env.step(0)
    with pytest.raises(RuntimeError, match="closed"):
        env.reset(seed=0)
    vec = execplace.ExecplaceVectorEnv("tpds", num_envs=2)
    vec.reset(seed=0)
    vec.close()
    with pytest.raises(RuntimeError, match="closed"):
        vec.step(np.array([0, 0]))


@pytest.mark.parametrize("how", ["pickle", "deepcopy", "copy"])
def test_a_copy_is_a_new_java_environment_built_from_the_same_settings(how):
    env = gym.make("execplace/Hjs-v0", workload="hjs-60-20").unwrapped
    twin = {"pickle": lambda e: pickle.loads(pickle.dumps(e)), "deepcopy": copy.deepcopy, "copy": copy.copy}[how](env)
    assert twin.java_env is not env.java_env and twin.spec == env.spec
    a, b = env.reset(seed=0), twin.reset(seed=0)
    assert a[0].tobytes() == b[0].tobytes()
    env.step(_first_allowed(a[1]))  # stepping one leaves the other where it was
    assert twin.render_mode == env.render_mode and twin.java_env.outcome().waits() == 0


def test_gymnasiums_async_vector_env_runs_environments_in_subprocesses():
    # "spawn": a process forked after the JVM started can hang (the JVM's threads are not forked).
    vec = gym.make_vec("execplace/Tpds-v0", num_envs=2, vectorization_mode="async", workload="tpds-burst",
                       vector_kwargs={"context": "spawn"})
    try:
        obs, info = vec.reset(seed=0)
        obs, rewards, terminated, truncated, info = vec.step(np.argmax(info["action_mask"], axis=1))
        assert obs.shape == (2, vec.single_observation_space.shape[0]) and rewards.shape == (2,)
    finally:
        vec.close()


def test_a_truncated_episode_carries_its_outcome():
    env = gym.make("execplace/Tpds-v0", workload="tpds-burst", max_steps=5)  # the environment's own step limit
    obs, info = env.reset(seed=0)
    for step in range(5):
        obs, reward, terminated, truncated, info = env.step(_first_allowed(info))
        assert ("outcome" in info) == (step == 4)
    assert truncated and not terminated
    assert info["outcome"]["jobs_placed"] > 0 and not info["outcome"]["completed"]
    assert info["episode"] == 0 and info["split"] == "training"


def test_the_vector_environment_reports_final_observations_and_outcomes_and_goes_on_with_new_episodes():
    n = 3
    vec = execplace.ExecplaceVectorEnv("tpds", num_envs=n, workload="tpds-burst", workload_seeds=50, max_steps=40)
    single = execplace.ExecplaceEnv("tpds", workload="tpds-burst", workload_seeds=50, max_steps=40)
    obs, info = vec.reset(seed=10)
    assert list(info["episode"]) == [10, 11, 12]
    single_obs, single_info = single.reset(seed=10)
    ends = 0
    for _ in range(200):
        actions = np.argmax(info["action_mask"], axis=1)
        before_obs = obs
        obs, rewards, terminated, truncated, info = vec.step(actions)
        o, r, te, tr, i = single.step(int(actions[0]))
        if te or tr:
            ends += 1
            assert info["_outcome"][0] and info["outcome"][0] == i["outcome"]
            assert info["final_obs"][0].tobytes() == o.tobytes()
            single.reset(seed=10 + n * ends)
        else:
            assert "outcome" not in info or not info["_outcome"][0]
        assert before_obs.shape == obs.shape
    assert ends >= 2
    # reset() without a seed starts episodes no environment ran yet, not 0..n-1 again.
    obs, info = vec.reset()
    assert min(info["episode"]) > 10 + n * ends
    obs, info = vec.reset(options={"episode": 5})
    assert list(info["episode"]) == [5, 6, 7]
    obs, info = vec.reset(options={"reset_mask": np.array([False, True, False])})
    assert info["episode"][0] == 5 and info["episode"][2] == 7 and info["episode"][1] > 7
    with pytest.raises(ValueError, match="unknown reset option"):
        vec.reset(options={"episodes": 1})


@pytest.mark.parametrize("env_id", ["execplace/Tpds-v0", "execplace/Pairs-v0"])
def test_named_observations_are_a_dict_of_the_same_values(env_id):
    env = gym.make(env_id)
    named = execplace.NamedObservations(gym.make(env_id))
    flat, _ = env.reset(seed=0)
    obs, info = named.reset(seed=0)
    assert named.observation_space.contains(obs)
    assert sorted(np.concatenate([obs[k] for k in obs])) == sorted(flat)
    if env_id == "execplace/Tpds-v0":
        vms = env.action_space.n - 1
        assert obs["vm.freeCores"].shape == (vms,) and obs["job.executorsLeft"].shape == (1,)
        assert list(obs["vm.freeCores"]) == [flat[2 * v] for v in range(vms)]  # vm1.freeCores, vm2..., in order
    from gymnasium.utils.env_checker import check_env
    check_env(named, skip_render_check=True)


def test_a_fork_is_the_same_state_in_a_new_environment():
    env = execplace.ExecplaceEnv("tpds", workload="tpds-burst", workload_seeds=3)
    obs, info = env.reset(seed=2)
    for _ in range(7):
        obs, reward, terminated, truncated, info = env.step(_first_allowed(info))
    twin = env.fork()
    assert twin.java_env is not env.java_env and twin.get_state() == env.get_state()
    for _ in range(5):  # the same actions: the same steps
        a = int(np.flatnonzero(info["action_mask"])[-1])
        mine, theirs = env.step(a), twin.step(a)
        assert mine[0].tobytes() == theirs[0].tobytes() and mine[1:4] == theirs[1:4]
        info = mine[4]
    twin.step(int(np.flatnonzero(twin.action_masks())[0]))
    assert len(env.get_state()["actions"]) == 12 and len(twin.get_state()["actions"]) == 13
