"""Bad actions from Python: refused with a ValueError naming them, in both environments, never
rounded, wrapped or cast; masked-out actions are taken and penalised, the same in every environment."""
import gymnasium as gym
import numpy as np
import pytest

import execplace

BAD = [1.7, 1.0, "3", True, None, [1, 2], 2**32, -1, 13, np.float64(2.0)]


@pytest.mark.parametrize("action", BAD, ids=repr)
def test_the_single_environment_refuses_a_bad_action_naming_it(action):
    env = execplace.ExecplaceEnv("tpds", workload="tpds-burst")
    env.reset(seed=0)
    with pytest.raises(ValueError, match="action") as e:
        env.step(action)
    assert repr(action) in str(e.value) or str(action) in str(e.value)
    # Nothing happened: the episode goes on.
    obs, reward, terminated, truncated, info = env.step(int(np.flatnonzero(env.action_masks())[0]))
    assert info["event"] == "PLACED"


@pytest.mark.parametrize("action", [2**32, 1.7, -1, 13, "3", True], ids=repr)
def test_the_vector_environment_refuses_a_bad_action_naming_it_and_its_environment(action):
    vec = execplace.ExecplaceVectorEnv("tpds", num_envs=2, workload="tpds-burst")
    obs, info = vec.reset(seed=0)
    good = int(np.flatnonzero(info["action_mask"][0])[0])
    with pytest.raises(ValueError, match="environment 1: action") as e:
        vec.step(np.array([good, action], dtype=object))
    assert str(action) in str(e.value) or repr(action) in str(e.value)


def test_the_vector_environment_refuses_a_wrong_number_of_actions_and_of_environments():
    with pytest.raises(ValueError, match="num_envs"):
        execplace.ExecplaceVectorEnv("tpds", num_envs=0)
    vec = execplace.ExecplaceVectorEnv("tpds", num_envs=2)
    vec.reset(seed=0)
    with pytest.raises(ValueError, match="one per environment"):
        vec.step(np.array([0, 1, 1]))


@pytest.mark.parametrize("env_id", ["execplace/Tpds-v0", "execplace/Hjs-v0", "execplace/Pairs-v0", "execplace/Liu-v0"])
def test_masks_are_on_by_default_everywhere(env_id):
    env = gym.make(env_id).unwrapped
    obs, info = env.reset(seed=0)
    if env_id != "execplace/Liu-v0":  # LIU may send any application to any cluster: nothing is masked
        assert not info["action_mask"].all()


@pytest.mark.parametrize("env_id", ["execplace/Tpds-v0", "execplace/Hjs-v0", "execplace/Pairs-v0"])
def test_a_masked_out_placement_is_taken_and_ends_the_episode_with_the_invalid_reward(env_id):
    env = gym.make(env_id).unwrapped
    obs, info = env.reset(seed=0)
    for _ in range(10_000):
        masked = [a for a in range(1, env.action_space.n) if not info["action_mask"][a]]
        if masked:
            break
        obs, reward, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[-1]))
    obs, reward, terminated, truncated, info = env.step(masked[-1])
    assert terminated and info["event"] == "INVALID_PLACEMENT" and reward < 0
    assert info["outcome"]["end_event"] == "INVALID_PLACEMENT" and not info["outcome"]["completed"]


@pytest.mark.parametrize("action,dtype", [(2**32, np.int64), (-1, np.int64), (13, np.int32), (2**64 - 1, np.uint64)],
                         ids=repr)
def test_integer_actions_out_of_range_are_refused_before_any_environment_steps(action, dtype):
    # Integer arrays go to Java as they are; the batch checks every action before it steps any.
    vec = execplace.ExecplaceVectorEnv("tpds", num_envs=2, workload="tpds-burst")
    twin = execplace.ExecplaceVectorEnv("tpds", num_envs=2, workload="tpds-burst")
    obs, info = vec.reset(seed=0)
    twin.reset(seed=0)
    good = np.argmax(info["action_mask"], axis=1)
    with pytest.raises(ValueError, match=f"environment 1: action {action} is not an action of this environment"):
        vec.step(np.array([good[0], action], dtype=dtype))
    after = vec.step(good)
    expected = twin.step(good)
    assert after[0].tobytes() == expected[0].tobytes() and (after[1] == expected[1]).all()
