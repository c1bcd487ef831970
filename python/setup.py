"""Builds the package with the engine inside: cli/target/execplace.jar (or $EXECPLACE_JAR) is copied
to execplace/jars/execplace.jar, so that an installed wheel needs only a Java runtime."""
import os
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildWithJar(build_py):
    def run(self):
        super().run()
        given = os.environ.get("EXECPLACE_JAR")
        jar = Path(given) if given else Path(__file__).resolve().parent.parent / "cli" / "target" / "execplace.jar"
        if not jar.is_file():
            raise SystemExit(f"execplace: {jar} is missing: build the engine first (./execplace --version, or "
                             "mvn -B -pl cli -am package -DskipTests), or set EXECPLACE_JAR to it")
        target = Path(self.build_lib) / "execplace" / "jars" / "execplace.jar"
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(jar, target)


setup(cmdclass={"build_py": BuildWithJar})
