"""Gymnasium environments over execplace's environment registry (Java ``Envs.make``)."""
from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from execplace.jvm import start

# Gymnasium id -> name in the Java registry.
ENVIRONMENTS = {"Tpds-v0": "tpds", "Hjs-v0": "hjs", "Liu-v0": "liu", "Pairs-v0": "pairs"}


def _envs():
    start()
    import jpype
    return jpype.JClass("io.execplace.rl.env.registry.Envs")


def env_names() -> list[str]:
    """The environments the Java registry builds."""
    return [str(n) for n in _envs().names()]


def _java_settings(settings: dict[str, Any]):
    """Settings as the Java registry takes them: a map of text (booleans as true/false, None: default)."""
    import jpype

    java = jpype.JClass("java.util.HashMap")()
    for key, value in settings.items():
        java.put(str(key), None if value is None else str(value).lower() if isinstance(value, bool) else str(value))
    return java


def register_envs() -> None:
    """Registers execplace/Tpds-v0, Hjs-v0, Liu-v0 and Pairs-v0 with Gymnasium (no JVM needed):
    ``gym.make`` gives one environment, ``gym.make_vec(..., vectorization_mode="vector_entry_point")``
    the batched vector environment."""
    for env_id, name in ENVIRONMENTS.items():
        full = f"execplace/{env_id}"
        if full not in gym.registry:
            gym.register(id=full, entry_point="execplace.envs:ExecplaceEnv",
                         vector_entry_point="execplace.vector:ExecplaceVectorEnv", kwargs={"name": name})


def _number(x) -> float | None:
    """A Java double as a Python float, None where it is undefined (NaN), so outcomes compare equal."""
    x = float(x)
    return None if x != x else x


def _outcome(o) -> dict[str, Any]:
    """Java's EpisodeOutcome as a dict; undefined values (no job finished yet: NaN in Java) are None."""
    event = o.endEvent()
    return {
        "completed": bool(o.completed()),
        "end_event": None if event is None else str(event.name()),
        "episode_reward": _number(o.episodeReward()),
        "cost": _number(o.cost()),
        "mean_duration": _number(o.meanDuration()),
        "mean_turnaround": _number(o.meanTurnaround()),
        "deadline_met_percent": _number(o.deadlineMetPercent()),
        "jobs_placed": int(o.jobsPlaced()),
        "jobs": int(o.jobs()),
        "jobs_dropped": int(o.jobsDropped()),
        "good_placements": int(o.goodPlacements()),
        "waits": int(o.waits()),
    }


class ExecplaceEnv(gym.Env):
    """One Java environment of execplace's registry as a Gymnasium ``Env``.

    ``settings`` are ``execplace train``'s options without dashes (``cluster="tpds"``,
    ``workload="tpds-burst"``, ``beta=0.5``, ...); ``Envs.help(name)`` on the Java side lists them.

    Episodes: ``reset(seed=s)`` runs episode ``s`` (the same episode Java's ``reset(s)`` runs, bit for
    bit); ``reset()`` runs the next episode; ``options={"episode": k}`` chooses one explicitly.
    ``info["action_mask"]`` (int8) and :meth:`action_masks` say which actions are allowed now (what
    sb3-contrib's MaskablePPO reads); the last step's ``info["outcome"]`` is what the episode achieved.
    """

    metadata = {"render_modes": []}

    def __init__(self, name: str = "tpds", **settings: Any) -> None:
        super().__init__()
        import jpype

        envs = _envs()
        try:
            self._env = envs.make(name, _java_settings(settings))
        except jpype.JException as e:
            raise ValueError(str(e.getMessage())) from None
        self.name = name
        box = self._env.observationSpace()
        low = np.array(box.low(), dtype=np.float64)
        high = np.array(box.high(), dtype=np.float64)
        self.observation_space = spaces.Box(low=low, high=high, dtype=np.float64)
        self.action_space = spaces.Discrete(int(self._env.actionSpace().size()))
        self._episode = -1
        # One bridge crossing per step: the Java side writes observation, mask, reward, flags and
        # event into direct buffers that these arrays view (BatchedEnvs.single: no auto-reset).
        batch = jpype.JClass("io.execplace.rl.env.BatchedEnvs").single(self._env)
        n, size = int(self.action_space.n), int(self._env.observationSize())
        self._batch = batch
        self._step_batch = batch.step
        self._actions = np.frombuffer(memoryview(batch.actions()), dtype=np.int32, count=1)
        self._obs = np.frombuffer(memoryview(batch.observations()), dtype=np.float64, count=size)
        self._rewards = np.frombuffer(memoryview(batch.rewards()), dtype=np.float64, count=1)
        self._flags = np.frombuffer(memoryview(batch.flags()), dtype=np.uint8, count=1)
        self._masks = np.frombuffer(memoryview(batch.masks()), dtype=np.int8, count=n)
        self._events = np.frombuffer(memoryview(batch.events()), dtype=np.int8, count=1)
        self._event_names = [str(e.name()) for e in jpype.JClass("io.execplace.rl.env.StepEvent").values()]
        self._mask = np.ones(n, dtype=np.int8)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        super().reset(seed=seed)
        if options and "episode" in options:
            episode = int(options["episode"])
        elif seed is not None:
            episode = int(seed)
        else:
            episode = self._episode + 1
        self._episode = episode
        java_seed = int(seed) if seed is not None else episode
        self._batch.reset(0, java_seed, episode)
        self._mask = self._masks.copy()
        return self._obs.copy(), {"action_mask": self._mask, "episode": episode}

    def step(self, action):
        a = int(action)
        if not -2**31 <= a < 2**31:
            raise ValueError(f"action {a} is not an action of this environment (0..{self.action_space.n - 1})")
        self._actions[0] = a
        try:
            self._step_batch()
        except Exception as e:
            import jpype
            if not isinstance(e, jpype.JException):
                raise
            # A bad action is the caller's error; a step with no episode running is a state error.
            if e.getClass().getSimpleName() == "IllegalArgumentException":
                raise ValueError(str(e.getMessage())) from None
            raise RuntimeError(str(e.getMessage())) from None
        flags = int(self._flags[0])
        terminated = bool(flags & 1)
        truncated = bool(flags & 2)
        event = int(self._events[0])
        self._mask = self._masks.copy()
        info: dict[str, Any] = {"action_mask": self._mask, "event": self._event_names[event] if event >= 0 else None}
        if flags:
            info["outcome"] = _outcome(self._env.outcome())
        return self._obs.copy(), float(self._rewards[0]), terminated, truncated, info

    def action_masks(self) -> np.ndarray:
        """The allowed actions now, as booleans (sb3-contrib's MaskablePPO calls this)."""
        return self._mask.astype(bool)

    def outcome(self) -> dict[str, Any]:
        """What the current episode has achieved so far (Java's ``Env.outcome()``)."""
        return _outcome(self._env.outcome())
