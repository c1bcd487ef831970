"""Gymnasium environments over execplace's environment registry (Java ``Envs.make``)."""
from __future__ import annotations

import copy
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from execplace import render
from execplace.actions import check_action
from execplace.episodes import Episodes, make_java, registry
from execplace.outcomes import event_names, from_row, is_elastic, outcome_dict

# Gymnasium id -> name in the Java registry.
ENVIRONMENTS = {"Tpds-v0": "tpds", "Hjs-v0": "hjs", "Liu-v0": "liu", "Pairs-v0": "pairs",
                "PairsElastic-v0": "pairs-elastic"}
RENDER_MODES = ["ansi"]


def env_names() -> list[str]:
    """The environments the Java registry builds."""
    return [str(n) for n in registry().names()]


def register_envs() -> None:
    """Registers execplace/Tpds-v0, Hjs-v0, Liu-v0, Pairs-v0 and PairsElastic-v0 with Gymnasium (no JVM needed):
    ``gym.make`` gives one environment, ``gym.make_vec(..., vectorization_mode="vector_entry_point")``
    the batched vector environment."""
    for env_id, name in ENVIRONMENTS.items():
        full = f"execplace/{env_id}"
        if full not in gym.registry:
            gym.register(id=full, entry_point="execplace.envs:ExecplaceEnv",
                         vector_entry_point="execplace.vector:ExecplaceVectorEnv", kwargs={"name": name})


class RenderModeError(ValueError, TypeError):
    """A render mode the environments do not have. Also a TypeError: Stable-Baselines3's
    ``make_vec_env`` asks for ``rgb_array`` and builds the environment without a render mode when
    the constructor raises TypeError."""


def check_render_mode(render_mode: str | None) -> str | None:
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise RenderModeError(f"render_mode {render_mode!r} is not one of this environment's: None, "
                         + ", ".join(repr(m) for m in RENDER_MODES))
    return render_mode


def observation_space(java_env) -> spaces.Box:
    box = java_env.observationSpace()
    return spaces.Box(np.array(box.low(), dtype=np.float64), np.array(box.high(), dtype=np.float64),
                      dtype=np.float64)


def java_errors(e: Exception) -> Exception:
    """A Java exception from a step as Python's: a refused action is ValueError, the rest RuntimeError."""
    import jpype

    if not isinstance(e, jpype.JException):
        return e
    if e.getClass().getSimpleName() == "IllegalArgumentException":
        return ValueError(str(e.getMessage()))
    return RuntimeError(str(e.getMessage()))


class ExecplaceEnv(gym.Env):
    """One Java environment of execplace's registry as a Gymnasium ``Env``.

    ``settings`` are ``execplace train``'s options without dashes (``cluster="tpds"``,
    ``workload="tpds-burst"``, ``beta=0.5``, ``split="held-out"``, ...); ``Envs.help(name)`` on the
    Java side lists them. Masks are on by default (``mask=True``).

    Episodes: ``reset(seed=s)`` runs episode ``s`` of the environment's workload split (what Java's
    ``reset(s)`` runs, bit for bit); past the split's size, ``s mod size`` with a warning.
    ``reset()`` runs the next episode; ``options={"episode": k}`` chooses one of the split.
    ``info["action_mask"]`` (int8) and :meth:`action_masks` say which actions are allowed now (what
    sb3-contrib's MaskablePPO reads); an episode's last step (ended, or truncated by the step limit
    ``max_steps``) carries ``info["outcome"]``.
    """

    metadata = {"render_modes": RENDER_MODES, "render_fps": 4}

    def __init__(self, name: str = "tpds", render_mode: str | None = None, **settings: Any) -> None:
        super().__init__()
        import jpype

        self.render_mode = check_render_mode(render_mode)
        self.name = name
        self._settings = dict(settings)
        self._env = make_java(name, settings)
        self.episodes = Episodes(name, settings, self._env)
        self.observation_space = observation_space(self._env)
        self.action_space = spaces.Discrete(int(self._env.actionSpace().size()))
        self._n = int(self.action_space.n)
        self._episode = -1
        self._steps = 0
        self._last: dict[str, Any] | None = None
        self._episode_info: dict[str, Any] = {}
        self._history: list[int] = []
        # One bridge crossing per step: the Java side writes observation, mask, reward, flags and
        # event into direct buffers that these arrays view (BatchedEnvs.single: no auto-reset).
        batch = jpype.JClass("io.execplace.rl.env.BatchedEnvs").single(self._env)
        size = int(self._env.observationSize())
        self._batch = batch
        self._step_batch = batch.stepOne
        self._actions = np.frombuffer(memoryview(batch.actions()), dtype=np.int64, count=1)
        self._obs = np.frombuffer(memoryview(batch.observations()), dtype=np.float64, count=size)
        self._rewards = np.frombuffer(memoryview(batch.rewards()), dtype=np.float64, count=1)
        self._masks = np.frombuffer(memoryview(batch.masks()), dtype=np.int8, count=self._n)
        self._outcome = np.frombuffer(memoryview(batch.outcomeValues()), dtype=np.float64)
        self._event_names = event_names()
        self._mask = np.ones(self._n, dtype=np.int8)
        self._elastic = is_elastic(self._env)

    # ---- Gymnasium -------------------------------------------------------------------------------

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        self._require_open()
        super().reset(seed=seed)
        unknown = set(options or {}) - {"episode"}
        if unknown:
            raise ValueError(f"unknown reset option(s) {sorted(unknown)}: the one option is 'episode'")
        if options and "episode" in options:
            episode = self.episodes.checked(options["episode"])
        elif seed is not None:
            episode = self.episodes.for_seed(int(seed))
        else:
            episode = self._episode + 1
        self._start(episode)
        return self._obs.copy(), {"action_mask": self._mask, **self._episode_info}

    def _start(self, episode: int) -> None:
        self._episode = episode
        self._steps = 0
        self._last = None
        self._history: list[int] = []
        self._batch.reset(0, episode, episode)
        self._mask = self._masks.copy()
        self._episode_info = self.episodes.describe(episode)

    def step(self, action):
        a = check_action(action, self._n)
        if self._batch is None:
            self._require_open()
        self._actions[0] = a
        try:
            code = self._step_batch()  # flags | (event + 1) << 2
        except Exception as e:
            raise java_errors(e) from None
        self._steps += 1
        self._history.append(a)
        flags = code & 3
        reward = float(self._rewards[0])
        self._mask = mask = self._masks.copy()
        info: dict[str, Any] = {"action_mask": mask, "event": self._event_names[(code >> 2) - 1] if code > 3 else None}
        if flags:
            info["outcome"] = from_row(self._outcome, self._elastic)
            info.update(self._episode_info)
        if self.render_mode is not None:
            self._last = {"action": a, "reward": reward, "event": info["event"]}
        return self._obs.copy(), reward, bool(flags & 1), bool(flags & 2), info

    def render(self) -> str | None:
        """With ``render_mode="ansi"``: the cluster now as text (the job being placed, one line per VM)."""
        if self.render_mode is None:
            return None
        self._require_open()
        if self._episode < 0:
            return "no episode yet: call reset\n"
        return render.text(self._env, self._episode_info, self._steps, self._last)

    def close(self) -> None:
        """Releases the Java environment; a step or reset after it raises ``RuntimeError``."""
        self._env = None
        self._batch = None
        self._step_batch = None

    # ---- execplace -------------------------------------------------------------------------------

    def action_masks(self) -> np.ndarray:
        """The allowed actions now, as booleans (sb3-contrib's MaskablePPO calls this)."""
        return self._mask.astype(bool)

    def outcome(self) -> dict[str, Any]:
        """What the current episode has achieved so far (Java's ``Env.outcome()``)."""
        self._require_open()
        return outcome_dict(self._env.outcome(), self._elastic)

    def get_state(self) -> dict[str, Any]:
        """The running episode as the actions taken in it since its reset (the environments are
        deterministic: :meth:`set_state` on an environment of the same settings replays them)."""
        return {"episode": self._episode, "actions": list(self._history)}

    def set_state(self, state: dict[str, Any]) -> None:
        """Puts this environment where :meth:`get_state` was taken, by replaying its actions
        (a step each: cost grows with the episode's length)."""
        self._require_open()
        self._start(int(state["episode"]))
        for a in state["actions"]:
            self.step(a)

    def fork(self) -> "ExecplaceEnv":
        """A new environment of the same settings in the same state (for search: step it freely)."""
        twin = copy.copy(self)
        if self._episode >= 0:
            twin.set_state(self.get_state())
        return twin

    @property
    def java_env(self):
        """The Java environment (``io.execplace.rl.env.Env``) this steps."""
        self._require_open()
        return self._env

    # ---- copies: a new Java environment built from the same settings -----------------------------

    def __getstate__(self) -> dict[str, Any]:
        return {"name": self.name, "settings": self._settings, "render_mode": self.render_mode,
                "episode": self._episode, "spec": self.spec}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__init__(state["name"], render_mode=state["render_mode"], **state["settings"])
        self._episode = state["episode"]  # reset() goes on where the original would have
        self.spec = state["spec"]

    def _require_open(self) -> None:
        if self._batch is None:
            raise RuntimeError(f"this execplace/{self.name} environment is closed")
