"""Finding Java and the execplace jar, and starting the Java engine in this process (JPype).

``import execplace`` checks both (:func:`check`) and raises one :class:`ExecplaceError` saying what
is missing; the JVM itself starts on first use (:func:`start`).
"""
from __future__ import annotations

import os
import signal
import sys
import threading
import zipfile
from pathlib import Path

import jpype

JAR_VARIABLE = "EXECPLACE_JAR"
MIN_JAVA = 17
# The jar a wheel carries (setup.py copies cli/target/execplace.jar here when it builds the package).
_BUNDLED_JAR = Path(__file__).resolve().parent / "jars" / "execplace.jar"
_JAR_IN_CHECKOUT = Path("cli") / "target" / "execplace.jar"
# A class only execplace's jar has: a wrong EXECPLACE_JAR is refused before the JVM starts with it.
_ENTRY = "io/execplace/rl/env/registry/Envs.class"


class ExecplaceError(RuntimeError):
    """The engine cannot be started: no Java (or one older than 17), or no execplace jar."""


def jar_path() -> Path:
    """The execplace jar: ``$EXECPLACE_JAR`` when set, else the one inside the installed package,
    else ``cli/target/execplace.jar`` of the checkout this package sits in or is run from."""
    given = os.environ.get(JAR_VARIABLE)
    if given:
        return _checked_jar(Path(given), f"{JAR_VARIABLE}={given}")
    if _BUNDLED_JAR.is_file():
        return _checked_jar(_BUNDLED_JAR, "the jar inside the execplace package")
    here = Path(__file__).resolve()
    for base in [*here.parents, Path.cwd().resolve(), *Path.cwd().resolve().parents]:
        if (base / _JAR_IN_CHECKOUT).is_file():
            return _checked_jar(base / _JAR_IN_CHECKOUT, str(base / _JAR_IN_CHECKOUT))
    raise ExecplaceError(
        "execplace's Java engine (execplace.jar) is not installed with this package: install a wheel that "
        "carries it (pip install ./python after ./execplace --version, see docs/python.md) or set "
        f"{JAR_VARIABLE} to cli/target/execplace.jar")


def _checked_jar(jar: Path, what: str) -> Path:
    if not jar.is_file():
        raise ExecplaceError(f"{what}: no such file")
    try:
        with zipfile.ZipFile(jar) as z:
            z.getinfo(_ENTRY)
    except (zipfile.BadZipFile, OSError) as e:
        raise ExecplaceError(f"{what}: not a jar ({e})") from None
    except KeyError:
        raise ExecplaceError(f"{what}: not execplace's jar (it has no {_ENTRY})") from None
    return jar


def java_version(home: Path) -> int | None:
    """The major version in ``home/release`` (``JAVA_VERSION="17.0.15"`` → 17), None when unreadable."""
    try:
        text = (home / "release").read_text(errors="replace")
    except OSError:
        return None
    for line in text.splitlines():
        if line.startswith("JAVA_VERSION="):
            parts = line.split("=", 1)[1].strip().strip('"').split(".")
            try:
                major = int(parts[0])
                return int(parts[1]) if major == 1 and len(parts) > 1 else major  # 1.8 → 8
            except ValueError:
                return None
    return None


def jvm_path() -> str:
    """The JVM library to start: ``$JAVA_HOME``'s when JAVA_HOME is set, else the one JPype finds.

    :raises ExecplaceError: no Java, or one older than Java 17
    """
    home = os.environ.get("JAVA_HOME")
    if home:
        try:
            lib = _finder().find_libjvm(home) if os.path.isdir(home) else None
        except (jpype.JVMNotFoundException, jpype.JVMNotSupportedException):
            lib = None
        if lib is None:
            raise ExecplaceError(f"JAVA_HOME={home} is not a Java installation (no libjvm there); execplace needs "
                                 f"Java {MIN_JAVA} or later")
    else:
        try:
            lib = jpype.getDefaultJVMPath()
        except (jpype.JVMNotFoundException, jpype.JVMNotSupportedException) as e:
            raise ExecplaceError(f"no Java found: execplace needs Java {MIN_JAVA} or later (install a JRE, or set "
                                 f"JAVA_HOME): {e}") from None
    for parent in Path(lib).resolve().parents:
        if (parent / "release").is_file():
            version = java_version(parent)
            if version is not None and version < MIN_JAVA:
                raise ExecplaceError(f"Java {version} at {parent} is too old: execplace needs Java {MIN_JAVA} or "
                                     f"later (set JAVA_HOME to one)")
            break
    return str(lib)


def _finder():
    from jpype import _jvmfinder
    if sys.platform == "darwin":
        return _jvmfinder.DarwinJVMFinder()
    return _jvmfinder.WindowsJVMFinder() if sys.platform == "win32" else _jvmfinder.LinuxJVMFinder()


def check() -> None:
    """Finds the jar and a Java 17+ without starting the JVM (``import execplace`` calls it).

    :raises ExecplaceError: with what is missing
    """
    if not jpype.isJVMStarted():
        jar_path()
        jvm_path()


_lock = threading.Lock()


def start() -> None:
    """Starts the JVM with the execplace jar once per process (later calls do nothing).

    Signals stay Python's: ``-Xrs`` keeps the JVM from taking SIGINT and SIGTERM, and JPype's own
    ^C handler is off, so Ctrl-C raises ``KeyboardInterrupt`` between bridge calls and the JVM
    survives it; SIGTERM raises ``KeyboardInterrupt`` too unless the program handles it itself.
    """
    with _lock:
        if jpype.isJVMStarted():
            return
        jar = jar_path()
        jvm = jvm_path()
        try:
            jpype.startJVM(jvm, "-Xss4m", "-Xrs", classpath=[str(jar)], convertStrings=True, interrupt=False)
        except OSError as e:
            raise ExecplaceError(f"Java at {jvm} did not start: {e}") from None
        if threading.current_thread() is threading.main_thread() and signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
            signal.signal(signal.SIGTERM, _terminated)


def _terminated(signum, frame):
    raise KeyboardInterrupt(f"signal {signal.Signals(signum).name}")
