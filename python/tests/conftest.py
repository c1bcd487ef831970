import os
from pathlib import Path

# Tests run against the jar of this checkout unless EXECPLACE_JAR says otherwise.
_jar = Path(__file__).resolve().parents[2] / "cli" / "target" / "execplace.jar"
if "EXECPLACE_JAR" not in os.environ and _jar.is_file():
    os.environ["EXECPLACE_JAR"] = str(_jar)
