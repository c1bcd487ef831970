"""The simulator from Python: execplace's library API (io.execplace.experiments.api) called in-process,
any command run in-process (:func:`run`), and placement policies written in Python.

    import execplace
    rows = execplace.compare(scenario="tpds-burst", schedulers="first-fit,gio", seeds=3)

A policy is a callable ``place(job, view)`` returning the VM of each executor (a list of ints) or
None to place nothing now (what it raises comes back from ``compare``/``simulate``/``run`` as it
was raised, traceback included); ``job`` and ``view`` are the Java ``Job`` and ``ClusterView`` objects
(``job.executors()``, ``job.coresPerExecutor()``, ``view.vmCount()``, ``view.freeCores(vm)``,
``view.executorsThatFit(vm, cores, memoryGb)``, ``view.vm(vm).pricePerSecond()``, ...).
"""
from __future__ import annotations

import threading
from typing import Any, Callable

from execplace import api_requests
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

    Placement = jpype.JClass("io.execplace.core.model.Placement")
    IllegalState = jpype.JClass("java.lang.IllegalStateException")
    registry = jpype.JClass("io.execplace.experiments.run.StandardSchedulers").REGISTRY
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


def _on_worker(name: str, call: Callable[[Any], Any], policies: dict[str, Callable] | None) -> Any:
    """``call(registry)`` on a thread of its own, so that Ctrl-C raises ``KeyboardInterrupt`` at once (the JVM
    stays usable; a call that reaches no Python policy runs on to its end in the background, one that does stops
    at its policy's next call). What a policy raised is raised again here, as it was raised."""
    start()
    import jpype

    failures = _Failures()
    registry = _registry(policies, failures)
    done: dict[str, Any] = {}

    def work() -> None:
        jpype.JClass("java.lang.Thread").attachAsDaemon()  # an abandoned call does not hold the exit up
        try:
            done["value"] = call(registry)
        except BaseException as e:  # noqa: B036 - handed to the caller's thread
            done["error"] = e

    worker = threading.Thread(target=work, name="execplace " + name, daemon=True)
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
    return done["value"]


def run(*args: str, policies: dict[str, Callable] | None = None) -> str:
    """Runs ``execplace ARGS...`` in this process and returns what it printed on standard output.

    :raises CommandError: with execplace's error line when the command exits non-zero
    :raises Exception: what a policy written in Python raised, as it raised it (traceback included)
    """
    start()
    import jpype

    StringWriter = jpype.JClass("java.io.StringWriter")
    PrintWriter = jpype.JClass("java.io.PrintWriter")
    out, err = StringWriter(), StringWriter()
    code = _on_worker(" ".join(map(str, args[:1])), lambda registry: int(jpype.JClass("io.execplace.cli.Main").execute(
        registry, PrintWriter(out, True), PrintWriter(err, True), [str(a) for a in args])), policies)
    if code != 0:
        raise CommandError(code, str(err.toString()).strip())
    return str(out.toString())


def _api(name: str, call: Callable[[Any], Any], policies: dict[str, Callable] | None) -> Any:
    """:func:`_on_worker` for a call of the library API: its refusals as :class:`CommandError`, as the command
    line reports them (bad input exit code 2; a failed write or an impossible placement 1)."""
    import jpype

    try:
        return _on_worker(name, call, policies)
    except jpype.JException as e:
        bad_input = jpype.JClass("io.execplace.core.io.BadInputException")
        if isinstance(e, bad_input):
            raise CommandError(2, f"execplace: error: {e.getMessage()}") from None
        expected = ("java.io.IOException", "java.io.UncheckedIOException",
                    "io.execplace.core.sim.InvalidPlacementException")
        if any(isinstance(e, jpype.JClass(c)) for c in expected):
            raise CommandError(1, f"execplace: error: {e.getMessage() or e.toString()}") from None
        raise


def _py(value: Any) -> Any:
    """A Java result (maps, lists, boxed numbers, texts) as plain Python values."""
    import jpype

    if value is None or isinstance(value, str):
        return value
    if isinstance(value, jpype.JClass("java.util.Map")):
        return {str(e.getKey()): _py(e.getValue()) for e in value.entrySet()}
    if isinstance(value, jpype.JClass("java.util.List")):
        return [_py(v) for v in value]
    if isinstance(value, jpype.JClass("java.lang.Boolean")):
        return bool(value.booleanValue())
    if isinstance(value, (jpype.JClass("java.lang.Double"), jpype.JClass("java.lang.Float"))):
        return float(value.doubleValue())
    if isinstance(value, jpype.JClass("java.lang.Number")):
        return int(value.longValue())
    if isinstance(value, (bool, int, float)):
        return value
    return str(value)


def _scenario_request(options: dict[str, Any], take: Callable[[str, Any], bool]):
    """The SimulationRequest of ``options``; ``take`` handles the command's own keys."""
    import jpype

    tuning, rest = api_requests.tuning(options)
    builder = jpype.JClass("io.execplace.experiments.api.SimulationRequest").builder().tuning(tuning)
    return api_requests.apply(builder, rest, api_requests.SCENARIO, lambda k, v: take(builder, k, v)).build()


def _checked(build: Callable[[], Any]) -> Any:
    """The request ``build`` makes, an option it refuses as :class:`CommandError` (exit code 2)."""
    start()
    try:
        return build()
    except api_requests.OptionError as e:
        raise CommandError(2, f"execplace: error: {e}") from None


def _table(rows: list[dict]):
    try:
        import pandas as pd
    except ImportError:
        return rows
    return pd.DataFrame(rows)


def compare(policies: dict[str, Callable] | None = None, **options: Any):
    """``execplace compare`` with ``options`` (its flags, dashes as underscores): one row per
    scheduler and seed, as a pandas DataFrame when pandas is installed, else a list of dicts. The results
    folder is written as the command writes it (``out``, default ``results/SCENARIO``).
    Policies written in Python run under their names: list them in ``schedulers``."""
    run_options: dict[str, Any] = {}

    def take(builder, key, value):
        if key in ("schedulers", "seeds"):
            kind = list if key == "schedulers" else int
            getattr(builder, key)(api_requests.java_value(key, kind, value))
        elif key in ("out", "threads"):
            run_options[key] = api_requests.java_value(key, "path" if key == "out" else int, value)
        elif key in ("engine", "master"):
            if key == "master" or str(value).strip().lower() != "inprocess":
                raise api_requests.OptionError(
                    f"Invalid value for option '{api_requests.flag(key)}': from Python, the cells run in this process "
                    f"(engine inprocess); run Spark studies with ./execplace")
        else:
            return False
        return True

    request = _checked(lambda: _scenario_request(options, take))
    import jpype

    Simulations = jpype.JClass("io.execplace.experiments.api.Simulations")
    result = _api("compare", lambda registry: Simulations.compare(
        registry, request, run_options.get("out"), run_options.get("threads")), policies)
    return _table(_py(result.records()))


def simulate(policies: dict[str, Callable] | None = None, **options: Any) -> dict:
    """``execplace simulate`` with ``options``: the run's summary as a dict (``trace_out`` also writes its
    schedule trace)."""
    trace: dict[str, Any] = {}

    def take(builder, key, value):
        if key == "scheduler":
            builder.scheduler(str(value))
        elif key == "trace_out":
            trace["file"] = api_requests.java_value(key, "path", value)
        else:
            return False
        return True

    request = _checked(lambda: _scenario_request(options, take))
    import jpype

    def call(registry):
        if "file" in trace:
            jpype.JClass("io.execplace.core.io.OutputPaths").checkFile("--trace-out", trace["file"])
        result = jpype.JClass("io.execplace.experiments.api.Simulations").simulate(registry, request)
        if "file" in trace:
            result.writeTrace(trace["file"])
        return result.summary()

    return _py(_api("simulate", call, policies))


def heldout(policies: dict[str, Callable] | None = None, **options: Any) -> dict:
    """``execplace heldout`` (the event simulator's schedulers) with ``options``: the split and the results as
    ``heldout --json`` prints them, as a dict (``{"split": ..., "results": {"training": [...], "heldOut": [...]}}``)."""
    import jpype

    def build():
        tuning, rest = api_requests.tuning(options)
        builder = jpype.JClass("io.execplace.experiments.api.HeldOutRequest").builder().tuning(tuning)
        return api_requests.apply(builder, rest, api_requests.HELD_OUT).build()

    request = _checked(build)
    HeldOut = jpype.JClass("io.execplace.experiments.api.HeldOut")
    return _py(_api("heldout", lambda registry: HeldOut.run(registry, request).json(), policies))
