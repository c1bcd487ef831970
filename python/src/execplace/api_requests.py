"""Keyword options (the command-line flags, dashes as underscores) as the Java API's typed requests.

``compare``, ``simulate`` and ``heldout`` take the options of the commands of the same names; each key
becomes a call of the request builder's setter of that name (``mean_gap=900`` → ``meanGap(900.0)``),
its value converted to the setter's type. ``None`` and ``False`` leave a setting unset (the
command line's "option not given"); ``no_admission=True`` and ``no_backfill=True`` turn the rule off.
"""
from __future__ import annotations

from typing import Any, Callable

# Options of the scenario (every command that runs one): key -> value type.
SCENARIO = {
    "scenario": str, "cluster": str, "pricing": str, "workload": str, "format": str, "jobs": int, "requests": str,
    "deadline_tolerance": float, "mean_gap": float, "gaps": str, "deadline_share": float, "deadline_slack": float,
    "seed": "long", "queue": str, "weight_lambda": float, "admission": bool, "backfill": bool, "billing": str,
    "type_penalty": str, "hybrid_penalty": str, "profile": str,
}
# Options of milp and lookahead (io.execplace.experiments.api.SchedulerTuning).
TUNING = {
    "beta": float, "milp_time_limit": "long", "milp_solver": str, "lookahead_horizon": int,
    "lookahead_candidates": int, "lookahead_rollout": str, "lookahead_samples": int, "lookahead_margin": float,
    "lookahead_proposer": str, "lookahead_objective": str, "lookahead_miss_guard": str, "lookahead_forecast": "path",
    "lookahead_spot_windows": str,
}
# Options of heldout (io.execplace.experiments.api.HeldOutRequest).
HELD_OUT = {
    "workload": str, "cluster": str, "pricing": str, "schedulers": list, "jobs": int, "held_out": int,
    "held_out_seed": "long", "seed": "long", "workload_seeds": int,
}
# Switches of the commands' output: the API returns results, so they change nothing here.
IGNORED = ("json", "quiet", "q")


class OptionError(ValueError):
    """An option the command does not have, or a value of the wrong kind: bad input (exit code 2)."""


def flag(key: str) -> str:
    return "--" + key.replace("_", "-")


def setter(key: str) -> str:
    head, *rest = key.split("_")
    return head + "".join(part.capitalize() for part in rest)


def java_value(key: str, kind, value: Any):
    """``value`` as the Java setter of ``key`` takes it; OptionError naming the option when it is not one."""
    import jpype

    try:
        if kind is str:
            return str(value)
        if kind is bool:
            return jpype.JClass("java.lang.Boolean").valueOf(bool(value))
        if kind is int:
            return jpype.JClass("java.lang.Integer").valueOf(jpype.JInt(_whole(value)))
        if kind == "long":
            return jpype.JClass("java.lang.Long").valueOf(jpype.JLong(_whole(value)))
        if kind is float:
            return jpype.JClass("java.lang.Double").valueOf(jpype.JDouble(float(value)))
        if kind == "path":
            return jpype.JClass("java.io.File")(str(value)).toPath()
        if kind is list:
            names = value.split(",") if isinstance(value, str) else [str(v) for v in value]
            out = jpype.JClass("java.util.ArrayList")()
            for name in names:
                out.add(name.strip())
            return out
    except (TypeError, ValueError, OverflowError):
        raise OptionError(f"Invalid value for option '{flag(key)}': {value!r} is not {_kind_name(kind)}") from None
    raise AssertionError(kind)


def _whole(value: Any) -> int:
    if isinstance(value, bool) or (isinstance(value, float) and not value.is_integer()):
        raise ValueError(value)
    return int(value)


def _kind_name(kind) -> str:
    return {int: "a whole number", "long": "a whole number", float: "a number", bool: "true or false",
            list: "a list of names"}.get(kind, "a text")


def apply(builder, options: dict[str, Any], known: dict[str, Any], take: Callable[[str, Any], bool] | None = None):
    """Calls ``builder``'s setter for each given option of ``known``; ``take(key, value)`` handles the command's
    own keys first (returning True when it did). Unknown keys are OptionError, as the command line refuses them."""
    for key, value in options.items():
        if value is None or value is False or key in IGNORED:
            continue
        if take is not None and take(key, value):
            continue
        if key in ("no_admission", "no_backfill") and "admission" in known:
            getattr(builder, setter(key[3:]))(java_value(key, bool, False))
            continue
        if key not in known:
            raise OptionError(f"Unknown option: '{flag(key)}'")
        getattr(builder, setter(key))(java_value(key, known[key], value))
    return builder


def tuning(options: dict[str, Any]):
    """The milp and lookahead options among ``options`` as a SchedulerTuning (and the others, left)."""
    import jpype

    builder = jpype.JClass("io.execplace.experiments.api.SchedulerTuning").builder()
    mine = {k: v for k, v in options.items() if k in TUNING}
    apply(builder, mine, TUNING)
    return builder.build(), {k: v for k, v in options.items() if k not in TUNING}
