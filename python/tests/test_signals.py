"""Ctrl-C and SIGTERM raise KeyboardInterrupt in Python, and the environment and the JVM go on working."""
import os
import signal
import subprocess
import sys

import pytest

STEPPING = """
import signal, numpy as np, execplace
signal.signal(signal.SIGINT, signal.default_int_handler)  # as an interactive start has it (a background one ignores ^C)
env = execplace.ExecplaceEnv("tpds", workload="tpds-burst")
obs, info = env.reset(seed=0)
steps = 0
try:
    while True:
        obs, reward, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        steps += 1
        if steps == 1:
            print("stepping", flush=True)  # the signal is sent once this is read: it comes while stepping
        if terminated or truncated:
            obs, info = env.reset()
except KeyboardInterrupt:
    print("KeyboardInterrupt after steps:", steps > 0, flush=True)
obs, info = env.reset(seed=0)
print("usable:", env.step(int(np.flatnonzero(info["action_mask"])[0]))[4]["event"], flush=True)
"""

# A policy that waits, so that the signal comes while the command runs; released once interrupted.
COMPARING = """
import signal, threading, execplace
signal.signal(signal.SIGINT, signal.default_int_handler)
release = threading.Event()
def waiting(job, view):
    print("in the policy", flush=True)
    release.wait()
    return None
try:
    execplace.compare(policies={"waiting": waiting}, scenario="tpds-burst", schedulers="waiting", seeds=2, out=None)
except KeyboardInterrupt:
    print("KeyboardInterrupt in compare", flush=True)
release.set()
print("usable:", execplace.simulate(cluster="tpds", workload="tpds-burst", scheduler="first-fit", seed=1)["jobsCompleted"],
      flush=True)
"""


def _interrupted(code, ready, sig):
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             env=dict(os.environ))
    try:
        first = child.stdout.readline()  # blocks until the child is where the signal must find it
        assert first.startswith(ready), first + child.stderr.read()
        child.send_signal(sig)
        out, err = child.communicate(timeout=120)
    finally:
        if child.poll() is None:
            child.kill()
    return child.returncode, out, err


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_signal_while_stepping_raises_keyboard_interrupt_and_the_environment_goes_on(sig):
    code, out, err = _interrupted(STEPPING, "stepping", sig)
    assert code == 0, err
    assert out.splitlines() == ["KeyboardInterrupt after steps: True", "usable: PLACED"], out + err


def test_ctrl_c_during_compare_raises_keyboard_interrupt_and_the_jvm_goes_on():
    code, out, err = _interrupted(COMPARING, "in the policy", signal.SIGINT)
    assert code == 0, err
    assert "KeyboardInterrupt in compare" in out.splitlines() and "usable: 100" in out.splitlines(), out + err
