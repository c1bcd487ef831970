"""Stable-Baselines3 conventions (run only where stable-baselines3 is installed: it brings torch, which
the default test run leaves out; `pip install './python[sb3]'` to run them)."""
import gymnasium as gym
import numpy as np
import pytest

sb3 = pytest.importorskip("stable_baselines3")

from stable_baselines3.common.env_checker import check_env  # noqa: E402
from stable_baselines3.common.env_util import make_vec_env  # noqa: E402

import execplace  # noqa: E402,F401  (registers the environments)
from execplace.sb3 import ExecplaceSb3VecEnv  # noqa: E402


@pytest.mark.parametrize("env_id", ["execplace/Tpds-v0", "execplace/Pairs-v0"])
def test_sb3s_checker_passes(env_id):
    check_env(gym.make(env_id).unwrapped)


@pytest.mark.parametrize("vec_env_cls", ["dummy", "subprocesses"])
def test_make_vec_env_builds_the_environments(vec_env_cls):
    from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv

    cls = DummyVecEnv if vec_env_cls == "dummy" else SubprocVecEnv
    # "execplace:" makes a subprocess (forkserver: a fresh interpreter) import execplace, which registers the ids.
    venv = make_vec_env("execplace:execplace/Tpds-v0", n_envs=2, vec_env_cls=cls, env_kwargs={"workload": "tpds-burst"})
    try:
        obs = venv.reset()
        obs, rewards, dones, infos = venv.step(np.zeros(2, dtype=np.int64) + 5)
        assert obs.shape == (2, venv.observation_space.shape[0]) and len(infos) == 2
    finally:
        venv.close()


def test_the_batched_adapter_ends_episodes_as_sb3_expects_and_trains_ppo():
    venv = ExecplaceSb3VecEnv("tpds", num_envs=4, workload="tpds-burst", max_steps=30)
    venv.seed(10)
    obs = venv.reset()
    assert obs.shape == (4, venv.observation_space.shape[0])
    ended = 0
    for _ in range(40):
        masks = np.stack(venv.env_method("action_masks"))
        obs, rewards, dones, infos = venv.step(np.argmax(masks, axis=1))
        for i in np.flatnonzero(dones):
            ended += 1
            assert infos[i]["terminal_observation"].shape == obs[i].shape
            assert infos[i]["TimeLimit.truncated"] in (True, False) and "outcome" in infos[i]
    assert ended >= 4
    sb3.PPO("MlpPolicy", venv, n_steps=16, batch_size=32, n_epochs=1, seed=0, device="cpu").learn(64)


def test_maskable_ppo_reads_the_adapters_masks():
    contrib = pytest.importorskip("sb3_contrib")
    from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported

    venv = ExecplaceSb3VecEnv("tpds", num_envs=2, workload="tpds-burst")
    venv.reset()
    assert is_masking_supported(venv)
    assert (get_action_masks(venv) == venv.action_masks()).all()
    contrib.MaskablePPO("MlpPolicy", venv, n_steps=16, batch_size=32, n_epochs=1, seed=0, device="cpu").learn(32)
