"""The Gymnasium environments against Gymnasium's own checker and against the Java environments."""
import gymnasium as gym
import jpype
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import execplace

CHECKED = ["execplace/Tpds-v0", "execplace/Hjs-v0", "execplace/Liu-v0", "execplace/Pairs-v0"]


@pytest.mark.parametrize("env_id", CHECKED)
def test_gymnasiums_checker_passes(env_id):
    env = gym.make(env_id, render_mode="ansi").unwrapped
    check_env(env)


@pytest.mark.parametrize("seed", range(8))
def test_pairs_passes_the_checker_whatever_the_actions_seed(seed):
    # Its random actions hit unused slots of the smaller clusters: they end the episode as any
    # masked-out placement does (they were refused, and the checker failed about half the time).
    env = gym.make("execplace/Pairs-v0").unwrapped
    env.action_space.seed(seed)
    check_env(env, skip_render_check=True)


def test_pairs_masks_the_unused_slots():
    env = gym.make("execplace/Pairs-v0").unwrapped
    sizes = set()
    for episode in range(6):
        obs, info = env.reset(seed=episode)
        assert env.observation_space.contains(obs)
        mask = info["action_mask"]
        assert mask.shape == (env.action_space.n,)
        unused = [a for a in range(env.action_space.n) if not mask[a]]
        sizes.add(env.action_space.n - len(unused))
        if unused and unused[-1] == env.action_space.n - 1:
            obs, reward, terminated, truncated, info = env.step(unused[-1])
            assert terminated and info["event"] == "INVALID_PLACEMENT" and reward < 0
            assert info["outcome"]["end_event"] == "INVALID_PLACEMENT"
    assert len(sizes) > 1  # the episodes really meet clusters of different sizes


def test_every_registry_environment_is_registered():
    assert sorted(execplace.env_names()) == ["hjs", "liu", "pairs", "pairs-elastic", "tpds"]


def _masked_random_episode(step, mask, rng, limit=5000):
    """Steps with uniformly random allowed actions until the episode ends; returns what it saw."""
    seen = []
    for _ in range(limit):
        allowed = np.flatnonzero(mask())
        action = int(rng.choice(allowed))
        obs, reward, done = step(action)
        seen.append((action, obs.tobytes(), reward))
        if done:
            break
    return seen


def test_same_seed_same_episode_bit_for_bit_as_java():
    env = execplace.ExecplaceEnv("tpds", workload="tpds-burst", mask=True, workload_seeds=4)
    Envs = jpype.JClass("io.execplace.rl.env.registry.Envs")
    settings = jpype.JClass("java.util.HashMap")()
    settings.put("workload", "tpds-burst")
    settings.put("mask", "true")
    settings.put("workload-seeds", "4")
    java = Envs.make("tpds", settings)
    for seed in (0, 3):
        obs, info = env.reset(seed=seed)
        java_obs = np.array(java.reset(seed), dtype=np.float64)
        assert obs.tobytes() == java_obs.tobytes()

        def py_step(a):
            o, r, term, trunc, _ = env.step(a)
            return o, r, term or trunc

        def java_step(a):
            r = java.step(a)
            return np.array(r.observation(), dtype=np.float64), float(r.reward()), bool(r.done())

        py = _masked_random_episode(py_step, env.action_masks, np.random.default_rng(seed))
        jv = _masked_random_episode(java_step, lambda: np.array(java.actionMask(), dtype=bool), np.random.default_rng(seed))
        assert py == jv
        assert len(py) > 10


def test_the_last_step_reports_the_outcome_and_masks_are_reported():
    env = gym.make("execplace/Tpds-v0", workload="tpds-burst", mask=True).unwrapped
    obs, info = env.reset(seed=1)
    assert info["action_mask"].dtype == np.int8 and info["action_mask"].shape == (env.action_space.n,)
    rng = np.random.default_rng(1)
    for _ in range(10_000):
        action = int(rng.choice(np.flatnonzero(env.action_masks())))
        obs, reward, terminated, truncated, info = env.step(action)
        assert env.observation_space.contains(obs)
        if terminated or truncated:
            break
    assert "outcome" in info
    assert info["outcome"]["jobs"] > 0
    assert info["outcome"]["cost"] > 0


def test_bad_input_is_a_python_exception_with_the_java_message():
    with pytest.raises(ValueError, match="has no setting 'betta'"):
        execplace.ExecplaceEnv("tpds", betta=1)
    with pytest.raises(ValueError, match="is neither a preset"):
        execplace.ExecplaceEnv("tpds", workload="no-such-workload")
    with pytest.raises(ValueError, match="setting 'split' must be training or held-out"):
        execplace.ExecplaceEnv("tpds", split="test")
    env = execplace.ExecplaceEnv("tpds")
    with pytest.raises(RuntimeError):
        env.step(0)  # no episode running
