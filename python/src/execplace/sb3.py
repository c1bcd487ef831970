"""Stable-Baselines3 over the batched environment: a ``VecEnv`` whose step is one bridge crossing.

    from execplace.sb3 import ExecplaceSb3VecEnv
    from stable_baselines3 import PPO
    venv = ExecplaceSb3VecEnv("tpds", num_envs=64, workload="tpds-burst")
    PPO("MlpPolicy", venv).learn(100_000)

Needs ``stable-baselines3`` (``pip install 'execplace[sb3]'``). An ended episode's info has SB3's
``terminal_observation`` and ``TimeLimit.truncated``, and execplace's ``outcome``;
``env_method("action_masks")`` gives the masks sb3-contrib's ``MaskablePPO`` asks for.
"""
from __future__ import annotations

from typing import Any, Sequence

import numpy as np
from stable_baselines3.common.vec_env.base_vec_env import VecEnv

from execplace.vector import ExecplaceVectorEnv


class ExecplaceSb3VecEnv(VecEnv):
    """``num_envs`` environments of ``name`` as one SB3 ``VecEnv`` (an :class:`ExecplaceVectorEnv` inside).

    ``seed(s)`` then ``reset()`` starts environment ``i`` on episode ``s + i`` (SB3 seeds
    environment ``i`` with ``s + i``, which is what the batch runs); ``reset()`` without a seed goes
    on with episodes no environment has run yet.
    """

    def __init__(self, name: str = "tpds", num_envs: int = 8, render_mode: str | None = None, **settings: Any) -> None:
        # Views (copy=False), copying only what SB3 keeps past the next step: the observations.
        self.venv = ExecplaceVectorEnv(name, num_envs, render_mode=render_mode, copy=False, **settings)
        self.render_mode = render_mode
        super().__init__(num_envs, self.venv.single_observation_space, self.venv.single_action_space)
        self._actions: np.ndarray | None = None

    def reset(self) -> np.ndarray:
        seed = self._seeds[0] if self._seeds and self._seeds[0] is not None else None
        options = self._options[0] if self._options and self._options[0] else None
        obs, _ = self.venv.reset(seed=seed, options=options)
        self._reset_seeds()
        self._reset_options()
        return obs.copy()

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = actions

    def step_wait(self):
        obs, rewards, terminated, truncated, info = self.venv.step(self._actions)
        dones = terminated | truncated
        infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        for i in np.flatnonzero(dones):
            infos[i] = {"terminal_observation": info["final_obs"][i], "outcome": info["outcome"][i],
                        "TimeLimit.truncated": bool(truncated[i] and not terminated[i])}
        return obs.copy(), rewards.astype(np.float32), dones, infos

    def close(self) -> None:
        self.venv.close()

    def action_masks(self) -> np.ndarray:
        """The allowed actions of every environment now (num_envs × actions, booleans)."""
        return self.venv.action_masks()

    def get_attr(self, attr_name: str, indices=None) -> list[Any]:
        """An attribute the environments share (the batch's), once per environment asked for;
        ``action_masks`` is each environment's own mask getter."""
        idx = self._get_indices(indices)
        if attr_name == "action_masks":
            return [(lambda i=i: self.venv.action_masks()[i]) for i in idx]
        value = getattr(self.venv, attr_name)
        return [value for _ in idx]

    def set_attr(self, attr_name: str, value: Any, indices=None) -> None:
        raise AttributeError(f"the environments of a batch share their settings: set {attr_name!r} by building a "
                             f"new ExecplaceSb3VecEnv")

    def env_method(self, method_name: str, *method_args, indices=None, **method_kwargs) -> list[Any]:
        """``action_masks`` (what MaskablePPO calls), one row per environment asked for."""
        idx = self._get_indices(indices)
        if method_name == "action_masks":
            masks = self.venv.action_masks()
            return [masks[i] for i in idx]
        raise AttributeError(f"the batched environments have no per-environment method {method_name!r} (only "
                             f"action_masks)")

    def env_is_wrapped(self, wrapper_class, indices=None) -> list[bool]:
        return [False for _ in self._get_indices(indices)]

    def get_images(self) -> Sequence[np.ndarray | None]:
        return [None for _ in range(self.num_envs)]

    def render(self, mode: str | None = None):
        return self.venv.render()
