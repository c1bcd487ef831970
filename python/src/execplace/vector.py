"""A batched vector environment: N Java environments stepped in one bridge crossing per step."""
from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from execplace.envs import _envs, _java_settings


class ExecplaceVectorEnv(VectorEnv):
    """``num_envs`` copies of one registry environment, stepped together by Java's ``BatchedEnvs``.

    Actions, observations, rewards, end flags and masks live in direct Java buffers that NumPy views
    without copying element by element, so a step costs one crossing of the bridge whatever
    ``num_envs`` is. Auto-reset is Gymnasium's "same-step" mode: an environment whose episode ends
    returns the first observation (and mask) of its next episode with the old episode's
    ``terminated``/``truncated``. ``reset(seed=s)`` starts environment ``i`` on episode ``s + i``;
    environment ``i`` then runs episodes ``s + i``, ``s + i + num_envs``, ...
    """

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}

    def __init__(self, name: str = "tpds", num_envs: int = 8, **settings: Any) -> None:
        import jpype

        if num_envs < 1:
            raise ValueError(f"num_envs must be at least 1, got {num_envs}")
        envs = _envs()
        try:
            made = [envs.make(name, _java_settings(settings)) for _ in range(num_envs)]
        except jpype.JException as e:
            raise ValueError(str(e.getMessage())) from None
        ArrayList = jpype.JClass("java.util.ArrayList")
        batch = ArrayList()
        for e in made:
            batch.add(e)
        self._batch = jpype.JClass("io.execplace.rl.env.BatchedEnvs")(batch)
        self.num_envs = num_envs
        n, size, actions = num_envs, int(self._batch.observationSize()), int(self._batch.actionCount())
        box = made[0].observationSpace()
        self.single_observation_space = spaces.Box(np.array(box.low(), dtype=np.float64),
                                                   np.array(box.high(), dtype=np.float64), dtype=np.float64)
        self.single_action_space = spaces.Discrete(actions)
        self.observation_space = batch_space(self.single_observation_space, n)
        self.action_space = batch_space(self.single_action_space, n)
        # Views of the Java buffers (native byte order): written by Java at each step, read here.
        self._actions = np.frombuffer(memoryview(self._batch.actions()), dtype=np.int32, count=n)
        self._obs = np.frombuffer(memoryview(self._batch.observations()), dtype=np.float64).reshape(n, size)
        self._rewards = np.frombuffer(memoryview(self._batch.rewards()), dtype=np.float64, count=n)
        self._flags = np.frombuffer(memoryview(self._batch.flags()), dtype=np.uint8, count=n)
        self._masks = np.frombuffer(memoryview(self._batch.masks()), dtype=np.int8).reshape(n, actions)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        first = int(seed) if seed is not None else 0
        self._batch.reset(first)
        return self._obs.copy(), {"action_mask": self._masks.copy()}

    def step(self, actions):
        import jpype

        self._actions[:] = np.asarray(actions, dtype=np.int32)
        try:
            self._batch.step()
        except jpype.JException as e:
            if e.getClass().getSimpleName() == "IllegalArgumentException":
                raise ValueError(str(e.getMessage())) from None
            raise RuntimeError(str(e.getMessage())) from None
        terminated = (self._flags & 1).astype(bool)
        truncated = (self._flags & 2).astype(bool)
        return (self._obs.copy(), self._rewards.copy(), terminated, truncated,
                {"action_mask": self._masks.copy()})

    def action_masks(self) -> np.ndarray:
        """The allowed actions of every environment now, as booleans (num_envs × actions)."""
        return self._masks.astype(bool)
