"""The batched vector environment against the single environments stepped one by one."""
import gymnasium as gym
import numpy as np
import pytest

import execplace


@pytest.mark.filterwarnings("ignore:.*runs episode s mod")  # the default split has one workload
def test_a_batch_steps_as_its_environments_one_by_one():
    n = 4
    vec = execplace.ExecplaceVectorEnv("tpds", num_envs=n, workload="tpds-burst", mask=True)
    singles = [execplace.ExecplaceEnv("tpds", workload="tpds-burst", mask=True) for _ in range(n)]
    obs, info = vec.reset(seed=20)
    episode = [20 + i for i in range(n)]
    single_obs = [singles[i].reset(seed=episode[i])[0] for i in range(n)]
    rng = np.random.default_rng(7)
    ended = 0
    for _ in range(2000):
        assert obs.tobytes() == np.stack(single_obs).tobytes()
        masks = info["action_mask"]
        assert (masks.astype(bool) == np.stack([s.action_masks() for s in singles])).all()
        actions = np.argmax(rng.random(masks.shape) * masks, axis=1)
        obs, rewards, terminated, truncated, info = vec.step(actions)
        for i in range(n):
            o, r, te, tr, _ = singles[i].step(int(actions[i]))
            assert rewards[i] == r and terminated[i] == te and truncated[i] == tr
            if te or tr:
                ended += 1
                episode[i] += n
                o, _ = singles[i].reset(seed=episode[i])
            single_obs[i] = o
    assert ended >= n


def test_gymnasiums_make_vec_gives_the_batched_environment():
    vec = gym.make_vec("execplace/Tpds-v0", num_envs=3, vectorization_mode="vector_entry_point",
                       workload="tpds-burst", mask=True)
    assert isinstance(vec.unwrapped, execplace.ExecplaceVectorEnv)
    obs, info = vec.reset(seed=0)
    assert obs.shape == (3, vec.single_observation_space.shape[0])
    obs, rewards, terminated, truncated, info = vec.step(np.argmax(info["action_mask"], axis=1))
    assert rewards.shape == (3,)
