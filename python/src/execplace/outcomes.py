"""Episode outcomes as dicts, read from Java's ``OutcomeValues`` rows: an ended episode costs one
buffer read instead of a bridge call per field (the vector environment reports one per ended episode,
and an untrained agent ends many)."""
from __future__ import annotations

import functools
import operator
from typing import Any

import numpy as np

# What a row's values are in the dict: whole numbers, flags, and the end event's name; the rest are
# floats, None where undefined (NaN in Java) so that outcomes compare equal.
_COUNTS = {"jobs_placed", "jobs", "jobs_dropped", "good_placements", "waits", "nodes_bought", "interruptions",
           "executors_lost", "jobs_stopped", "executors_added", "executors_cancelled", "applications_restarted"}
# What the capacity did — an elastic cluster's nodes, dynamic allocation's added executors, the
# applications restarted when a node taken back held their driver (pools with driver pods): under
# ``outcome["capacity"]``, on elastic clusters and on workloads with executor demands only.
CAPACITY = ("nodes_bought", "node_hours", "interruptions", "executors_lost", "executor_seconds_lost", "jobs_stopped",
            "executors_added", "executors_cancelled", "added_executor_hours", "applications_restarted")


@functools.cache
def _columns() -> tuple[str, ...]:
    import jpype
    return tuple(str(c) for c in jpype.JClass("io.execplace.rl.env.OutcomeValues").COLUMNS)


@functools.cache
def event_names() -> tuple[str, ...]:
    """StepEvent names by ordinal."""
    import jpype
    return tuple(str(e.name()) for e in jpype.JClass("io.execplace.rl.env.StepEvent").values())


def _getter(at: list[int]):
    """The values at positions ``at`` of a list, as a tuple."""
    return operator.itemgetter(*at) if len(at) > 1 else (lambda v: tuple(v[i] for i in at))


@functools.cache
def _layout(elastic: bool):
    """Where each kind of value sits in a row, and the dict every outcome starts from (its keys in
    column order, ``capacity`` last when ``elastic``; without it the capacity columns are left out)."""
    columns = _columns()
    kept = [(i, c) for i, c in enumerate(columns) if elastic or c not in CAPACITY]
    counts = [(i, c) for i, c in kept if c in _COUNTS]
    floats = [(i, c) for i, c in kept if c not in _COUNTS and c not in ("completed", "end_event")]
    template = {c: None for i, c in kept if c not in CAPACITY}
    if elastic:
        template["capacity"] = None
    return (template, columns.index("completed"), columns.index("end_event"),
            _getter([i for i, _ in counts]), [c for _, c in counts], _getter([i for i, _ in floats]),
            [c for _, c in floats])


def from_rows(rows: np.ndarray, elastic: bool) -> list[dict[str, Any]]:
    """``OutcomeValues`` rows (one per ended episode) as outcome dicts; with ``capacity`` when
    ``elastic`` (see :func:`is_elastic`). One ``tolist`` for all the rows and a dict update per kind
    of value: an untrained agent ends many episodes a step, and converting field by field was most of
    the vector environment's Python time under PPO (profiled)."""
    template, completed, end_event, counts, count_names, floats, float_names = _layout(elastic)
    names = event_names()
    out = []
    for v in np.asarray(rows, dtype=np.float64).reshape(-1, len(_columns())).tolist():
        d = dict(template)
        d.update(zip(count_names, map(int, counts(v))))
        # Undefined so far (NaN in Java) is None, so that outcomes compare equal.
        d.update(zip(float_names, [None if x != x else x for x in floats(v)]))
        d["completed"] = v[completed] == 1
        d["end_event"] = None if v[end_event] < 0 else names[int(v[end_event])]
        if elastic:
            d["capacity"] = {c: d.pop(c) for c in CAPACITY}
        out.append(d)
    return out


def from_row(row: np.ndarray, elastic: bool) -> dict[str, Any]:
    """One ``OutcomeValues`` row as the outcome dict (see :func:`from_rows`)."""
    return from_rows(row, elastic)[0]


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
