"""One install: the package carries its engine, and a missing or wrong Java or jar is one ExecplaceError at import."""
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

PROBE = """
import execplace, gymnasium as gym
env = gym.make("execplace/Tpds-v0", workload="tpds-burst")
obs, info = env.reset(seed=0)
print(execplace.jar_path())
print(env.step(int(info["action_mask"].argmax()))[3] is False)
"""


def _python(code, tmp_path, **env_changes):
    env = {k: v for k, v in os.environ.items() if k not in ("EXECPLACE_JAR", "JAVA_HOME")}
    env.update(env_changes)
    return subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=300)


def test_the_installed_package_runs_from_any_directory_on_the_jar_inside_it(tmp_path):
    r = _python(PROBE, tmp_path)
    assert r.returncode == 0, r.stderr
    jar, stepped = r.stdout.split()
    assert Path(jar).parts[-3:] == ("execplace", "jars", "execplace.jar") and "site-packages" in jar
    assert stepped == "True"


def _import_error(tmp_path, **env_changes):
    r = _python("import execplace", tmp_path, **env_changes)
    assert r.returncode != 0
    lines = [line for line in r.stderr.strip().splitlines() if line.startswith("execplace.jvm.ExecplaceError")]
    assert len(lines) == 1, r.stderr
    return lines[0]


def test_a_java_older_than_17_is_one_clear_error_at_import(tmp_path):
    home = tmp_path / "jdk-11"
    (home / "lib" / "server").mkdir(parents=True)
    (home / "lib" / "server" / "libjvm.so").write_bytes(b"")
    (home / "release").write_text('JAVA_VERSION="11.0.2"\n')
    assert "Java 11" in _import_error(tmp_path, JAVA_HOME=str(home))


def test_a_java_home_without_java_is_one_clear_error_at_import(tmp_path):
    assert "is not a Java installation" in _import_error(tmp_path, JAVA_HOME=str(tmp_path))


@pytest.mark.parametrize("content", ["text", "zip"])
def test_a_wrong_execplace_jar_is_one_clear_error_at_import(tmp_path, content):
    jar = tmp_path / "other.jar"
    if content == "text":
        jar.write_text("not a jar")
    else:
        with zipfile.ZipFile(jar, "w") as z:
            z.writestr("META-INF/MANIFEST.MF", "Manifest-Version: 1.0\n")
    message = _import_error(tmp_path, EXECPLACE_JAR=str(jar))
    assert f"EXECPLACE_JAR={jar}" in message
    assert ("not a jar" if content == "text" else "not execplace's jar") in message
