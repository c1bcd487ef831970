"""A batched vector environment: N Java environments stepped in one bridge crossing per step."""
from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from execplace.actions import write_actions
from execplace.envs import RENDER_MODES, check_render_mode, java_errors, observation_space
from execplace.outcomes import from_rows, is_elastic
from execplace.episodes import Episodes, make_java_batch


class ExecplaceVectorEnv(VectorEnv):
    """``num_envs`` copies of one registry environment, stepped together by Java's ``BatchedEnvs``.

    Actions, observations, rewards, end flags and masks live in direct Java buffers that NumPy views
    without copying element by element, so a step costs one crossing of the bridge whatever
    ``num_envs`` is. Auto-reset is Gymnasium's "same-step" mode: an environment whose episode ends
    returns the first observation (and mask) of its next episode with the old episode's
    ``terminated``/``truncated``; the old episode's last observation and outcome are in
    ``info["final_obs"]`` and ``info["outcome"]`` (``info["_final_obs"]``, ``info["_outcome"]``
    say which environments ended).

    Episodes: ``reset(seed=s)`` (or ``options={"episode": s}``) starts environment ``i`` on episode
    ``s + i`` of the split; environment ``i`` then runs ``s + i + num_envs``, ... (episode ``e`` is
    workload ``e mod size`` of the split). ``reset()`` without either goes on with episodes no
    environment has run yet.

    ``threads=2`` steps the two halves of the batch on two Java threads (the results are the same,
    bit for bit, as on one); it pays only where a second core is free.

    ``copy`` is Gymnasium's (``SyncVectorEnv(copy=...)``): with ``copy=False``, ``reset`` and ``step``
    return read-only views of the Java buffers — observations, rewards, ``terminated``,
    ``truncated`` and ``info["action_mask"]`` — instead of copies, which the next step overwrites:
    for a loop that reads them before it steps again (a policy choosing the next actions), not for
    one that keeps them (a rollout buffer must copy). Copying them costs about 3 µs a batched step.

    Random allowed actions drawn in Java (opt-in): :meth:`step_random` steps every environment with a
    uniformly random allowed action, chosen in the same bridge call as the step; :meth:`sample_allowed`
    gives the actions it would take now (for epsilon-greedy exploration). Each environment draws from
    its own generator, reseeded at the start of each episode from the episode's seed (its number), so
    an episode's draws depend on nothing else: same seed, same calls, same actions.
    """

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": RENDER_MODES}

    def __init__(self, name: str = "tpds", num_envs: int = 8, render_mode: str | None = None, threads: int = 1,
                 copy: bool = True, **settings: Any) -> None:
        import jpype

        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a whole number at least 1, got {num_envs!r}")
        if isinstance(threads, bool) or not isinstance(threads, int) or threads not in (1, 2) \
                or (threads == 2 and num_envs < 2):
            raise ValueError(f"threads must be 1, or 2 with at least two environments, got {threads!r}")
        if not isinstance(copy, bool):
            raise ValueError(f"copy must be True or False, got {copy!r}")
        self.threads = threads
        self.copy = copy
        self.render_mode = check_render_mode(render_mode)
        self.name, self._settings = name, dict(settings)
        made = make_java_batch(name, settings, num_envs)
        self.episodes = Episodes(name, settings, made[0])
        batch = jpype.JClass("java.util.ArrayList")()
        for e in made:
            batch.add(e)
        self._java_envs = made
        self._elastic = is_elastic(made[0])
        self._batch = jpype.JClass("io.execplace.rl.env.BatchedEnvs")(batch, threads)
        self.num_envs = num_envs
        n, size, actions = num_envs, int(self._batch.observationSize()), int(self._batch.actionCount())
        self.single_observation_space = observation_space(made[0])
        self.single_action_space = spaces.Discrete(actions)
        self.observation_space = batch_space(self.single_observation_space, n)
        self.action_space = batch_space(self.single_action_space, n)
        self._n_actions = actions
        # Views of the Java buffers (native byte order): written by Java at each step, read here.
        self._actions = np.frombuffer(memoryview(self._batch.actions()), dtype=np.int64, count=n)
        self._obs = np.frombuffer(memoryview(self._batch.observations()), dtype=np.float64).reshape(n, size)
        self._final_obs = np.frombuffer(memoryview(self._batch.finalObservations()), dtype=np.float64).reshape(n, size)
        self._rewards = np.frombuffer(memoryview(self._batch.rewards()), dtype=np.float64, count=n)
        self._terminated = np.frombuffer(memoryview(self._batch.terminated()), dtype=np.bool_, count=n)
        self._truncated = np.frombuffer(memoryview(self._batch.truncated()), dtype=np.bool_, count=n)
        self._outcomes = np.frombuffer(memoryview(self._batch.outcomeValues()), dtype=np.float64).reshape(n, -1)
        self._masks = np.frombuffer(memoryview(self._batch.masks()), dtype=np.int8).reshape(n, actions)
        # What copy=False returns: the same buffers, read-only, so that a caller cannot write Java's state.
        self._views = tuple(self._read_only(a) for a in (self._obs, self._rewards, self._terminated, self._truncated,
                                                          self._masks))
        self._java_step = self._batch.step  # bound once: a JPype attribute lookup costs a fifth of the call
        self._sampled = self._java_step_sampled = None  # Java's random allowed actions: off until first asked for
        # The episode each environment runs, mirrored from BatchedEnvs (an ended one goes on with +num_envs).
        self._episodes = np.arange(n, dtype=np.int64)
        self._next_episode = 0

    @staticmethod
    def _read_only(array: np.ndarray) -> np.ndarray:
        view = array.view()
        view.flags.writeable = False
        return view

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        self._require_open()
        options = dict(options or {})
        unknown = set(options) - {"episode", "reset_mask"}
        if unknown:
            raise ValueError(f"unknown reset option(s) {sorted(unknown)}: the options are 'episode' and 'reset_mask'")
        if seed is not None:
            self._np_random, self._np_random_seed = np.random.default_rng(seed), seed
        if "episode" in options:
            first = self.episodes.checked(options["episode"])
        elif seed is not None:
            first = self.episodes.for_seed(int(seed))
        else:
            first = self._next_episode
        mask = options.get("reset_mask")
        if mask is None:
            self._batch.reset(first)
            started = range(self.num_envs)
            self._episodes = first + np.arange(self.num_envs, dtype=np.int64)
        else:
            mask = np.asarray(mask)
            if mask.dtype != np.bool_ or mask.shape != (self.num_envs,):
                raise ValueError(f"reset_mask must be {self.num_envs} booleans, got {mask.dtype} of shape {mask.shape}")
            started = [int(i) for i in np.flatnonzero(mask)]
            for k, i in enumerate(started):
                self._batch.reset(i, first + k, first + k)
                self._episodes[i] = first + k
        self._next_episode = max(first + len(started), self._next_episode)
        if not self.copy:
            return self._views[0], {"action_mask": self._views[4], "episode": self._episodes.copy()}
        return self._obs.copy(), {"action_mask": self._masks.copy(), "episode": self._episodes.copy()}

    def step(self, actions):
        self._require_open()
        write_actions(actions, self._actions, self._n_actions)
        try:
            ended_count = self._java_step()  # Java checks the actions' range before stepping any
        except Exception as e:
            raise java_errors(e) from None
        return self._results(ended_count)

    def _results(self, ended_count: int):
        """What a step returns, read from the buffers Java has just written."""
        if self.copy:
            obs, rewards, terminated, truncated = (self._obs.copy(), self._rewards.copy(), self._terminated.copy(),
                                                   self._truncated.copy())
            info: dict[str, Any] = {"action_mask": self._masks.copy()}
        else:
            obs, rewards, terminated, truncated, masks = self._views
            info = {"action_mask": masks}
        if ended_count:
            self._report_ended(info, terminated | truncated)
        return obs, rewards, terminated, truncated, info

    def step_random(self):
        """Steps every environment with a uniformly random allowed action drawn in Java, in one bridge
        call; returns what :meth:`step` returns, with the actions taken in ``info["actions"]``. Far
        cheaper than choosing them in NumPy (see docs/python.md, "Speed")."""
        step = self._java_step_sampled
        if step is None:  # drawing is off, or the environment closed
            self._require_open()
            self._turn_on_sampling()
            step = self._java_step_sampled
        try:
            ended_count = step()
        except Exception as e:
            raise java_errors(e) from None
        results = self._results(ended_count)
        results[4]["actions"] = self._actions.copy() if self.copy else self._actions_view
        return results

    def sample_allowed(self) -> np.ndarray:
        """A uniformly random allowed action per environment for its current state, drawn in Java (the
        actions :meth:`step_random` would take now; int64). With ``copy=False`` a read-only view that the
        next step or reset overwrites. For epsilon-greedy exploration:
        ``vec.step(np.where(rng.random(n) < eps, vec.sample_allowed(), greedy))``."""
        self._require_open()
        if self._sampled is None:
            self._turn_on_sampling()
        return self._sampled.copy() if self.copy else self._sampled_view

    def _turn_on_sampling(self) -> None:
        self._sampled = np.frombuffer(memoryview(self._batch.sampleAllowed()), dtype=np.int64, count=self.num_envs)
        self._sampled_view, self._actions_view = self._read_only(self._sampled), self._read_only(self._actions)
        self._java_step_sampled = self._batch.stepSampled

    def _report_ended(self, info: dict[str, Any], ended: np.ndarray) -> None:
        """Adds the ended episodes' outcomes and final observations to ``info``, Gymnasium's way (an
        object array with None for environments that did not end, and a ``_key`` array of flags)."""
        outcomes = np.empty(self.num_envs, dtype=object)  # None throughout
        final = np.empty(self.num_envs, dtype=object)
        where = np.flatnonzero(ended)
        finals = self._final_obs[where]  # a copy: the rows stay valid after the next step
        for k, (i, outcome) in enumerate(zip(where.tolist(), from_rows(self._outcomes[where], self._elastic))):
            outcomes[i] = outcome
            final[i] = finals[k]
        info.update({"outcome": outcomes, "_outcome": ended, "final_obs": final, "_final_obs": ended})
        self._episodes[where] += self.num_envs
        self._next_episode = max(self._next_episode, int(self._episodes.max()) + 1)

    def render(self) -> tuple[str, ...] | None:
        """With ``render_mode="ansi"``: each environment's episode, and its cluster's VMs, as text."""
        if self.render_mode is None:
            return None
        from execplace import render
        return tuple(render.text(e, self.episodes.describe(int(self._episodes[i])), 0, None)
                     for i, e in enumerate(self._java_envs))

    def close_extras(self, **kwargs: Any) -> None:
        """Releases the Java environments; a step or reset after it raises ``RuntimeError``."""
        if self._batch is not None:
            self._batch.close()  # ends the second thread, if any
        self._batch = self._java_step = self._java_step_sampled = None
        self._java_envs = []

    def action_masks(self) -> np.ndarray:
        """The allowed actions of every environment now, as booleans (num_envs × actions)."""
        return self._masks.astype(bool)

    def __getstate__(self) -> dict[str, Any]:
        return {"name": self.name, "num_envs": self.num_envs, "settings": self._settings,
                "render_mode": self.render_mode, "threads": self.threads, "copy": self.copy}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__init__(state["name"], state["num_envs"], render_mode=state["render_mode"],
                      threads=state.get("threads", 1), copy=state.get("copy", True), **state["settings"])

    def _require_open(self) -> None:
        if self._batch is None:
            raise RuntimeError(f"this execplace/{self.name} vector environment is closed")
