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


def _untimed(record):
    """A record without its measured decision times (wall-clock, different on every run)."""
    return {k: v for k, v in record.items() if not k.startswith("schedulingDelay")}


def test_the_api_returns_what_the_commands_print_as_json(tmp_path):
    # The library API (io.execplace.experiments.api) and the command line are one path: same records.
    import json

    options = ["--cluster", "tpds", "--workload", "tpds-burst", "--jobs", "30", "--scheduler", "lookahead", "--seed", "4",
               "--lookahead-samples", "2", "--lookahead-horizon", "3", "--queue", "hjs-weight", "--weight-lambda", "0.3"]
    summary = execplace.simulate(cluster="tpds", workload="tpds-burst", jobs=30, scheduler="lookahead", seed=4,
                                 lookahead_samples=2, lookahead_horizon="3", queue="hjs-weight", weight_lambda=0.3)
    assert _untimed(summary) == _untimed(json.loads(execplace.run("simulate", *options, "--json")))
    assert summary["queue"] == "hjs-weight:0.3" and summary["schedulingDelayMeanMs"] > 0
    rows = _rows(execplace.compare(scenario="tpds-burst", schedulers="first-fit,gio", seeds=2, jobs=30,
                                   out=tmp_path / "api"))
    printed = json.loads(execplace.run("compare", "--scenario", "tpds-burst", "--schedulers", "first-fit,gio", "--seeds",
                                       "2", "--jobs", "30", "--out", str(tmp_path / "cli"), "--json", "-q"))
    assert [_untimed(r) for r in rows] == [_untimed(r) for r in printed]
    assert len(rows) == 4 and (tmp_path / "api" / "results.json").is_file()
    held_out = execplace.heldout(workload="tpds-burst", schedulers="first-fit,gio@edf", jobs=20, held_out=2,
                                 workload_seeds=2)
    assert held_out == json.loads(execplace.run("heldout", "--workload", "tpds-burst", "--schedulers", "first-fit,gio@edf",
                                                "--jobs", "20", "--held-out", "2", "--workload-seeds", "2", "--json"))
    assert [r["scheduler"] for r in held_out["results"]["heldOut"]] == ["first-fit", "gio@edf"]


def test_options_the_commands_do_not_have_or_values_of_the_wrong_kind_are_bad_input():
    with pytest.raises(execplace.CommandError, match="Unknown option: '--schedulers'") as e:
        execplace.simulate(schedulers="gio")
    assert e.value.exit_code == 2
    with pytest.raises(execplace.CommandError, match="'--seeds': 'many' is not a whole number"):
        execplace.compare(seeds="many")
    with pytest.raises(execplace.CommandError, match="--lookahead-horizon: applies to the scheduler lookahead"):
        execplace.simulate(scheduler="gio", lookahead_horizon=2)
    with pytest.raises(execplace.CommandError, match="--held-out must be between 2 and 10000, got 1"):
        execplace.heldout(workload="tpds-burst", schedulers="gio", held_out=1)
