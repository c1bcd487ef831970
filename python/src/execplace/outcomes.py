"""Episode outcomes as dicts, read from Java's ``OutcomeValues`` rows: an ended episode costs one
buffer read instead of a bridge call per field (the vector environment reports one per ended episode,
and an untrained agent ends many)."""
from __future__ import annotations

import functools
import math
from typing import Any

import numpy as np

# What a row's values are in the dict: whole numbers, flags, and the end event's name; the rest are
# floats, None where undefined (NaN in Java) so that outcomes compare equal.
_COUNTS = {"jobs_placed", "jobs", "jobs_dropped", "good_placements", "waits", "nodes_bought", "interruptions",
           "executors_lost", "jobs_stopped", "executors_added", "executors_cancelled"}
# What the capacity did — an elastic cluster's nodes, dynamic allocation's added executors: under
# ``outcome["capacity"]``, on elastic clusters and on workloads with executor demands only.
CAPACITY = ("nodes_bought", "node_hours", "interruptions", "executors_lost", "executor_seconds_lost", "jobs_stopped",
            "executors_added", "executors_cancelled", "added_executor_hours")


@functools.cache
def _columns() -> tuple[str, ...]:
    import jpype
    return tuple(str(c) for c in jpype.JClass("io.execplace.rl.env.OutcomeValues").COLUMNS)


@functools.cache
def event_names() -> tuple[str, ...]:
    """StepEvent names by ordinal."""
    import jpype
    return tuple(str(e.name()) for e in jpype.JClass("io.execplace.rl.env.StepEvent").values())


def _value(name: str, x: float) -> Any:
    if name == "completed":
        return x == 1
    if name == "end_event":
        return None if x < 0 else event_names()[int(x)]
    if name in _COUNTS:
        return int(x)
    return None if math.isnan(x) else x


def from_row(row: np.ndarray, elastic: bool) -> dict[str, Any]:
    """An ``OutcomeValues`` row as the outcome dict; with ``capacity`` when ``elastic`` (see
    :func:`is_elastic`)."""
    out: dict[str, Any] = {}
    capacity: dict[str, Any] = {}
    for name, x in zip(_columns(), row.tolist()):
        (capacity if name in CAPACITY else out)[name] = _value(name, x)
    if elastic:
        out["capacity"] = capacity
    return out


def outcome_dict(o, elastic: bool = False) -> dict[str, Any]:
    """Java's ``EpisodeOutcome`` as a dict (see :func:`from_row`)."""
    import jpype
    return from_row(np.array(jpype.JClass("io.execplace.rl.env.OutcomeValues").of(o), dtype=np.float64), elastic)


def is_elastic(java_env) -> bool:
    """Whether the environment's capacity moves, so that its outcomes carry ``capacity``: an elastic
    cluster (node pools; Pairs when any of its clusters is), or workloads with executor demands
    (dynamic allocation adds executors)."""
    bare = java_env.unwrapped() if hasattr(java_env, "unwrapped") else java_env
    if hasattr(bare, "variants"):
        return any(bool(v.cluster().isElastic()) for v in bare.variants())
    if hasattr(bare, "hasExecutorDemands") and bool(bare.hasExecutorDemands()):
        return True
    return hasattr(bare, "cluster") and bool(bare.cluster().isElastic())
