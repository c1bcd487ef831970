#!/usr/bin/env python3
"""Makes a folder of N Spark application logs from real ones, for timing `execplace whatif`
(docs/eventlogs.md, "How fast"): each copy gets its own application id and is shifted in time
(copy k starts k * GAP seconds after the original), and the copies are written as Spark writes
logs — every third as a rolling folder (eventlog_v2_<id>/events_1_<id>, events_2_<id>, appstatus_<id>),
every fifth zstd-compressed (when the zstd command is there) — so that the timing covers each layout.

    scripts/eventlog-corpus.py OUT N LOG [LOG ...]

LOG: plain (uncompressed) single-file Spark event logs, e.g. Apache Spark's own test logs
(spark-core's tests jar, spark-events/).
"""
import json
import os
import shutil
import subprocess
import sys

GAP_S = 37
TIMED = {
    "SparkListenerApplicationStart": ["Timestamp"],
    "SparkListenerApplicationEnd": ["Timestamp"],
    "SparkListenerExecutorAdded": ["Timestamp"],
    "SparkListenerExecutorRemoved": ["Timestamp"],
    "SparkListenerJobStart": ["Submission Time"],
    "SparkListenerJobEnd": ["Completion Time"],
}


def shifted(lines, new_id, shift_ms):
    """The lines with every event time moved by shift_ms and the application id replaced."""
    out = []
    for line in lines:
        try:
            event = json.loads(line)
        except ValueError:
            out.append(line)
            continue
        if not isinstance(event, dict):
            out.append(line)
            continue
        kind = event.get("Event")
        for key in set(TIMED.get(kind, []) + ["Timestamp"]):
            if isinstance(event.get(key), int):
                event[key] += shift_ms
        info = event.get("Task Info")
        if isinstance(info, dict) and isinstance(info.get("Finish Time"), int):
            info["Finish Time"] += shift_ms
        if kind == "SparkListenerApplicationStart":
            event["App ID"] = new_id
        out.append(json.dumps(event, separators=(",", ":")))
    return out


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    out, n, sources = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    os.makedirs(out, exist_ok=True)
    originals = [open(s, encoding="utf-8").read().splitlines() for s in sources]
    zstd = shutil.which("zstd") is not None
    for k in range(n):
        lines = shifted(originals[k % len(originals)], "app-copy-%05d" % k, k * GAP_S * 1000)
        name = "app-copy-%05d" % k
        text = "\n".join(lines) + "\n"
        if k % 3 == 1:
            folder = os.path.join(out, "eventlog_v2_" + name)
            os.makedirs(folder, exist_ok=True)
            half = len(lines) // 2
            open(os.path.join(folder, "events_1_" + name), "w").write("\n".join(lines[:half]) + "\n")
            open(os.path.join(folder, "events_2_" + name), "w").write("\n".join(lines[half:]) + "\n")
            open(os.path.join(folder, "appstatus_" + name), "w").close()
        elif k % 5 == 0 and zstd:
            subprocess.run(["zstd", "-q", "-f", "-o", os.path.join(out, name + ".zstd")], input=text.encode(), check=True)
        else:
            open(os.path.join(out, name), "w").write(text)


if __name__ == "__main__":
    main()
