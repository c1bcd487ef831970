"""Every example script runs as written and prints one line per episode."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


@pytest.mark.parametrize("script", ["tpds_random_masked.py", "hjs_first_allowed.py", "liu_random_masked.py",
                                    "pairs_random_masked.py"])
def test_an_example_runs_three_episodes(script):
    r = subprocess.run([sys.executable, str(EXAMPLES / script)], capture_output=True, text=True, timeout=300,
                       env=dict(os.environ))
    assert r.returncode == 0, r.stderr
    lines = r.stdout.strip().splitlines()
    assert [line.split(":")[0] for line in lines] == ["episode 0", "episode 1", "episode 2"], r.stdout
