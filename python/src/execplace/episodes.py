"""Settings as the Java registry takes them, and which episode ``reset(seed=s)`` runs.

An environment is built on a named workload split (setting ``split``): ``training``, the workloads
of seeds ``seed, seed+1, …, seed+workload_seeds−1``; or ``held-out``, the held-out workloads
``execplace heldout`` evaluates (seeds ``held_out_seed, held_out_seed+1, …``, and for the TPDS
presets its held-out SWIM arrival windows). Episode ``k`` of a split is its ``k``-th workload.
"""
from __future__ import annotations

import warnings
from typing import Any

# Masks are on by default in every environment from Python (the Java registry's defaults are
# ``execplace train``'s, where the TPDS environment's mask is off).
PYTHON_DEFAULTS = {"mask": True}


def registry():
    from execplace.jvm import start

    start()
    import jpype
    return jpype.JClass("io.execplace.rl.env.registry.Envs")


def java_settings(name: str, settings: dict[str, Any]):
    """Settings as the Java registry takes them: a map of text (booleans as true/false; None: the
    default), with Python's defaults added where the environment has the setting."""
    import jpype

    declared = {str(s.name()) for s in registry().settings(name)}
    given = {str(k).replace("_", "-"): v for k, v in settings.items()}
    java = jpype.JClass("java.util.HashMap")()
    for key, value in {**{k: v for k, v in PYTHON_DEFAULTS.items() if k in declared}, **given}.items():
        java.put(key, None if value is None else str(value).lower() if isinstance(value, bool) else str(value))
    return java


def make_java(name: str, settings: dict[str, Any]):
    """``Envs.make(name, settings)``; a bad setting is a ``ValueError`` with the Java message."""
    return make_java_batch(name, settings, 1)[0]


def make_java_batch(name: str, settings: dict[str, Any], count: int) -> list:
    """``Envs.make(name, settings, count)``: ``count`` environments with their own state, sharing what
    they can (a batch's TPDS environments one set of prepared workloads); a bad setting is a
    ``ValueError`` with the Java message."""
    import jpype

    envs = registry()
    try:
        return list(envs.make(name, java_settings(name, settings), count))
    except jpype.JException as e:
        raise ValueError(str(e.getMessage())) from None


def datasets() -> list[dict[str, Any]]:
    """The workload presets the ``tpds`` and ``hjs`` environments are built on (``workload=``), as
    CompilerGym lists its benchmark datasets: name, description and the splits each has."""
    import jpype

    registry()  # starts the engine
    presets = jpype.JClass("io.execplace.core.workload.WorkloadPresets")
    return [{"name": str(p.name()), "description": str(p.description()), "splits": ["training", "held-out"]}
            for p in presets.list()]


class Episodes:
    """The episodes of one environment: how many its split has (None: unbounded) and what each is."""

    def __init__(self, name: str, settings: dict[str, Any], java_env) -> None:
        import jpype

        defaults = {str(s.name()): s.defaultValue() for s in registry().settings(name)}
        value = {k: (None if v is None else str(v)) for k, v in defaults.items()}
        value.update({str(k).replace("_", "-"): str(v) for k, v in settings.items() if v is not None})
        self.name = name
        self.split = value.get("split", "training")
        self.first_seed: int | None = None
        self.count: int | None = None
        bare = java_env.unwrapped() if hasattr(java_env, "unwrapped") else java_env
        if name == "liu":
            return  # LIU draws episode k's workload from seed k: no two episodes share one
        if isinstance(bare, jpype.JClass("io.execplace.rl.pairs.PairEnv")):
            variants = bare.variants()
            self.count = int(variants.size()) * int(variants.get(0).workloadCount())
            return
        self.count = int(bare.workloadCount())
        held_out = self.split == "held-out"
        self.first_seed = int(value["held-out-seed"] if held_out else value["seed"])

    def describe(self, episode: int) -> dict[str, Any]:
        """What ``info`` says about an episode: its number, split and workload seed."""
        info: dict[str, Any] = {"episode": episode, "split": self.split}
        if self.count is not None and self.first_seed is not None:
            info["workload_seed"] = self.first_seed + episode % self.count
        return info

    def for_seed(self, seed: int) -> int:
        """The episode ``reset(seed=seed)`` runs: ``seed`` itself; past the split's size, ``seed mod size``
        with a warning (a seed never leaves the split, and never silently lands on another workload)."""
        if seed < 0:
            raise ValueError(f"seed must be at least 0, got {seed}")
        if self.count is not None and seed >= self.count:
            more = ("held_out" if self.split == "held-out"
                    else "workload_seeds; split='held-out' for the held-out workloads")
            warnings.warn(
                f"execplace/{self.name}: reset(seed=s) with s ≥ {self.count} runs episode s mod {self.count}: the "
                f"{self.split} split has {self.count} episode(s){self._seeds()}; for more, raise {more}",
                UserWarning, stacklevel=3)
        return seed

    def checked(self, episode: int) -> int:
        """An episode chosen by number (``options={"episode": k}``): refused outside the split."""
        if isinstance(episode, bool) or not isinstance(episode, int) and not hasattr(episode, "__index__"):
            raise ValueError(f"options['episode'] must be a whole number, got {episode!r}")
        episode = int(episode)
        if episode < 0 or self.count is not None and episode >= self.count:
            limit = "0.." if self.count is None else f"0..{self.count - 1}"
            raise ValueError(f"options['episode']={episode} is not an episode of the {self.split} split ({limit})")
        return episode

    def _seeds(self) -> str:
        if self.first_seed is None:
            return ""
        return f" (workload seeds {self.first_seed}..{self.first_seed + self.count - 1})"
