"""Observations as a Dict of named features, from the labels the Java environment gives each value.

    env = execplace.NamedObservations(gym.make("execplace/Tpds-v0"))
    obs, info = env.reset(seed=0)
    obs["vm.freeCores"]          # one value per VM, in VM order
    obs["job.executorsLeft"]     # one value

A label ``vm3.freeCores`` (an entity with a number, then a feature) goes into key ``vm.freeCores``,
ordered by the number; any other label (``job.coresPerExecutor``, ``spread``) is a key of its own.
"""
from __future__ import annotations

import re

import gymnasium as gym
import numpy as np
from gymnasium import spaces

_ENTITY = re.compile(r"^([A-Za-z]+)(\d+)\.(.+)$")


def feature_groups(labels: list[str]) -> dict[str, np.ndarray]:
    """Key → the positions of its values in the flat observation (entities in number order)."""
    grouped: dict[str, list[tuple[int, int]]] = {}
    for position, label in enumerate(labels):
        m = _ENTITY.match(label)
        key, order = (f"{m.group(1)}.{m.group(3)}", int(m.group(2))) if m else (label, 0)
        grouped.setdefault(key, []).append((order, position))
    return {key: np.array([p for _, p in sorted(members)], dtype=np.intp) for key, members in grouped.items()}


class NamedObservations(gym.ObservationWrapper, gym.utils.RecordConstructorArgs):
    """An execplace environment whose observation is a ``Dict`` of named features (same values, same bounds)."""

    def __init__(self, env: gym.Env) -> None:
        gym.utils.RecordConstructorArgs.__init__(self)
        gym.ObservationWrapper.__init__(self, env)
        box = env.unwrapped.java_env.observationSpace()
        self.groups = feature_groups([str(label) for label in box.labels()])
        flat = env.observation_space
        self.observation_space = spaces.Dict({
            key: spaces.Box(flat.low[positions], flat.high[positions], dtype=flat.dtype)
            for key, positions in self.groups.items()})

    def observation(self, observation: np.ndarray) -> dict[str, np.ndarray]:
        return {key: observation[positions] for key, positions in self.groups.items()}
