"""The simulator API and placement policies written in Python."""
import sys
from pathlib import Path

import pytest

import execplace

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "examples"))
from python_first_fit import first_fit  # noqa: E402


def _rows(table):
    return table.to_dict("records") if hasattr(table, "to_dict") else table


def test_a_first_fit_written_in_python_gives_javas_first_fit_results(tmp_path):
    rows = _rows(execplace.compare(policies={"py-first-fit": first_fit}, scenario="tpds-burst",
                                   schedulers="first-fit,py-first-fit", out=tmp_path / "cmp"))
    java = {r["seed"]: r for r in rows if r["scheduler"] == "first-fit"}
    python = {r["seed"]: r for r in rows if r["scheduler"] == "py-first-fit"}
    assert len(java) == 10 and java.keys() == python.keys()
    for seed in java:
        for key in ("totalCost", "meanDuration", "meanTurnaround", "goodPlacements", "jobsWaited", "makespan"):
            assert python[seed][key] == java[seed][key], (seed, key)


def test_simulate_returns_the_runs_summary():
    summary = execplace.simulate(cluster="tpds", workload="tpds-burst", scheduler="gio", seed=3)
    assert summary["scheduler"] == "gio" and summary["jobsCompleted"] == 100 and summary["totalCost"] > 0


def test_bad_input_is_a_command_error_and_a_broken_policy_raises_its_own_exception(tmp_path):
    with pytest.raises(execplace.CommandError, match="unknown scheduler 'nope'") as e:
        execplace.simulate(scheduler="nope")
    assert e.value.exit_code == 2

    def raises(job, view):
        raise KeyError("my policy broke")

    # The policy's own exception, with its traceback (it was an opaque "internal error" before).
    with pytest.raises(KeyError, match="my policy broke") as e:
        execplace.simulate(policies={"broken": raises}, cluster="tpds", workload="tpds-burst", scheduler="broken")
    assert any(frame.name == "raises" for frame in e.traceback)

    with pytest.raises(TypeError, match="returned 'abc'"):
        execplace.simulate(policies={"text": lambda job, view: "abc"}, cluster="tpds", workload="tpds-burst",
                           scheduler="text")
    with pytest.raises(TypeError, match="VM ids are whole numbers, got 1.5"):
        execplace.simulate(policies={"floats": lambda job, view: [1.5]}, cluster="tpds", workload="tpds-burst",
                           scheduler="floats")

    def impossible(job, view):
        return [10_000] * job.executors()

    with pytest.raises(execplace.CommandError, match="10000") as e:
        execplace.simulate(policies={"impossible": impossible}, cluster="tpds", workload="tpds-burst",
                           scheduler="impossible")
    assert e.value.exit_code == 1
