"""Starting the Java engine in this process (JPype) and finding its jar."""
from __future__ import annotations

import os
from pathlib import Path

import jpype

JAR_VARIABLE = "EXECPLACE_JAR"
_JAR_IN_CHECKOUT = Path("cli") / "target" / "execplace.jar"


class ExecplaceError(RuntimeError):
    """The engine cannot be started: no Java, or no execplace jar."""


def jar_path() -> Path:
    """The execplace jar: $EXECPLACE_JAR, else cli/target/execplace.jar of the checkout this package
    sits in or of the current directory or one of its parents."""
    given = os.environ.get(JAR_VARIABLE)
    if given:
        jar = Path(given)
        if not jar.is_file():
            raise ExecplaceError(f"{JAR_VARIABLE}={given}: no such file (build it with ./execplace --version)")
        return jar
    here = Path(__file__).resolve()
    for base in [*here.parents, *Path.cwd().resolve().parents, Path.cwd().resolve()]:
        if (base / _JAR_IN_CHECKOUT).is_file():
            return base / _JAR_IN_CHECKOUT
    raise ExecplaceError(
        "execplace's Java engine was not found: set EXECPLACE_JAR to cli/target/execplace.jar, "
        "or build it in the repository with ./execplace --version")


def start() -> None:
    """Starts the JVM with the execplace jar once per process (later calls do nothing)."""
    if jpype.isJVMStarted():
        return
    jar = jar_path()
    try:
        jvm = jpype.getDefaultJVMPath()
    except jpype.JVMNotFoundException as e:
        raise ExecplaceError(f"no Java found (execplace needs Java 17 or later; set JAVA_HOME): {e}") from e
    jpype.startJVM(jvm, "-Xss4m", classpath=[str(jar)], convertStrings=True)
