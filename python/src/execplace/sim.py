"""The simulator from Python: execplace's commands run in-process, and placement policies written in Python.

    import execplace
    rows = execplace.compare(scenario="tpds-burst", schedulers="first-fit,gio", seeds=3)

A policy is a callable ``place(job, view)`` returning the VM of each executor (a list of ints) or
None to place nothing now (what it raises comes back from ``compare``/``simulate``/``run`` as it
was raised, traceback included); ``job`` and ``view`` are the Java ``Job`` and ``ClusterView`` objects
(``job.executors()``, ``job.coresPerExecutor()``, ``view.vmCount()``, ``view.freeCores(vm)``,
``view.executorsThatFit(vm, cores, memoryGb)``, ``view.vm(vm).pricePerSecond()``, ...).
"""
from __future__ import annotations

import json
import threading
from typing import Any, Callable

from execplace.jvm import start


class CommandError(RuntimeError):
    """A command refused its input or failed; the message is execplace's own error line."""

    def __init__(self, exit_code: int, message: str) -> None:
        super().__init__(message)
        self.exit_code = exit_code


class _Failures:
    """The first exception a Python policy raised during a command, re-raised when the command ends."""

    def __init__(self) -> None:
        self.first: BaseException | None = None
        self.cancelled = False

    def keep(self, e: BaseException) -> None:
        if self.first is None:
            self.first = e


def _vm_ids(name: str, vms) -> list[int]:
    """A policy's answer as VM ids, or TypeError naming what it returned."""
    import numbers

    if isinstance(vms, (str, bytes)) or not hasattr(vms, "__iter__"):
        raise TypeError(f"placement policy {name} returned {vms!r}: a policy returns a list of VM ids (one per "
                        f"executor) or None")
    ids = list(vms)
    for v in ids:
        if isinstance(v, bool) or not isinstance(v, numbers.Integral):
            raise TypeError(f"placement policy {name} returned {vms!r}: VM ids are whole numbers, got {v!r}")
    return [int(v) for v in ids]


def _registry(policies: dict[str, Callable] | None, failures: _Failures):
    import jpype
    from jpype import JImplements, JOverride

    Main = jpype.JClass("io.execplace.cli.Main")
    Placement = jpype.JClass("io.execplace.core.model.Placement")
    IllegalState = jpype.JClass("java.lang.IllegalStateException")
    registry = Main.schedulers()
    for policy_name, place in (policies or {}).items():

        @JImplements("io.execplace.core.policy.PlacementPolicy")
        class _PythonPolicy:
            def __init__(self, name, fn):
                self._name, self._fn = name, fn

            @JOverride
            def name(self):
                return self._name

            @JOverride
            def place(self, job, view):
                try:
                    if failures.cancelled:
                        raise KeyboardInterrupt
                    vms = self._fn(job, view)
                    ids = None if vms is None else _vm_ids(self._name, vms)
                except BaseException as e:  # kept whole (traceback included) and raised again by run()
                    failures.keep(e)
                    raise IllegalState(f"placement policy {self._name} raised {type(e).__name__}: {e}") from None
                if not ids:
                    return Placement.none()
                return Placement.of(jpype.JArray(jpype.JInt)(ids))

            @JOverride
            def neverPlaces(self, job, cluster):
                # Java's default (the proxy cannot call an interface's default method): no opinion.
                return None

        @JImplements("io.execplace.schedulers.spi.SchedulerFactory")
        class _Factory:
            def __init__(self, name, fn):
                self._name, self._fn = name, fn

            @JOverride
            def create(self, context):
                return _PythonPolicy(self._name, self._fn)

        registry = registry.with_(policy_name, "a placement policy written in Python", _Factory(policy_name, place))
    return registry


def run(*args: str, policies: dict[str, Callable] | None = None) -> str:
    """Runs ``execplace ARGS...`` in this process and returns what it printed on standard output.

    The command runs on a thread of its own, so that Ctrl-C raises ``KeyboardInterrupt`` at once
    (the JVM stays usable; a command that calls no Python policy runs on to its end in the
    background, one that does stops at its policy's next call).

    :raises CommandError: with execplace's error line when the command exits non-zero
    :raises Exception: what a policy written in Python raised, as it raised it (traceback included)
    """
    start()
    import jpype

    StringWriter = jpype.JClass("java.io.StringWriter")
    PrintWriter = jpype.JClass("java.io.PrintWriter")
    out, err = StringWriter(), StringWriter()
    failures = _Failures()
    registry = _registry(policies, failures)
    done: dict[str, Any] = {}

    def command() -> None:
        jpype.JClass("java.lang.Thread").attachAsDaemon()  # an abandoned command does not hold the exit up
        try:
            done["code"] = int(jpype.JClass("io.execplace.cli.Main").execute(
                registry, PrintWriter(out, True), PrintWriter(err, True), [str(a) for a in args]))
        except BaseException as e:  # noqa: B036 - handed to the caller's thread
            done["error"] = e

    worker = threading.Thread(target=command, name="execplace " + " ".join(map(str, args[:1])), daemon=True)
    worker.start()
    try:
        while worker.is_alive():
            worker.join(0.05)
    except BaseException:
        failures.cancelled = True
        raise
    if failures.first is not None:
        raise failures.first
    if "error" in done:
        raise done["error"]
    if done["code"] != 0:
        raise CommandError(done["code"], str(err.toString()).strip())
    return str(out.toString())


def _options(options: dict[str, Any]) -> list[str]:
    args: list[str] = []
    for key, value in options.items():
        flag = "--" + key.replace("_", "-")
        if value is True:
            args.append(flag)
        elif value is not None and value is not False:
            args += [flag, str(value)]
    return args


def _table(rows: list[dict]):
    try:
        import pandas as pd
    except ImportError:
        return rows
    return pd.DataFrame(rows)


def compare(policies: dict[str, Callable] | None = None, **options: Any):
    """``execplace compare`` with ``options`` (its flags, dashes as underscores): one row per
    scheduler and seed, as a pandas DataFrame when pandas is installed, else a list of dicts.
    Policies written in Python run under their names: list them in ``schedulers``."""
    options.setdefault("out", None)
    text = run("compare", *_options(options), "--json", "-q", policies=policies)
    return _table(json.loads(text))


def simulate(policies: dict[str, Callable] | None = None, **options: Any) -> dict:
    """``execplace simulate`` with ``options``: the run's summary as a dict."""
    return json.loads(run("simulate", *_options(options), "--json", policies=policies))
