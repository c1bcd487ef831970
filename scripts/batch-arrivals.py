#!/usr/bin/env python3
"""Moves a workload's arrivals to the close of batch windows, as Karpenter's batcher gathers pending pods
(sigs.k8s.io/karpenter v1.15.0, pkg/controllers/provisioning/batcher.go): a window opens at an arrival and
closes IDLE seconds after the last arrival in it, or MAX seconds after it opened. With --longest-first the
applications of a window come longest run first (job ids renumbered in that order: a workload orders ties
at one instant by id). A driver row (no deadline) stays just before its application's row, as
docs/testbed-hybrid-drivers.csv has them. Used for the model's view of `k8s-scheduler --claim-batch`
(docs/testbed.md, "Applications bought for together").

usage: scripts/batch-arrivals.py IN.csv OUT.csv IDLE MAX [--longest-first]
"""
import csv
import os
import sys


def fail(message):
    print(f"batch-arrivals: {message}", file=sys.stderr)
    sys.exit(2)


def main(argv):
    args = [a for a in argv if a != "--longest-first"]
    if len(args) != 4:
        fail("usage: scripts/batch-arrivals.py IN.csv OUT.csv IDLE MAX [--longest-first]")
    src, out = args[0], args[1]
    try:
        idle, most = float(args[2]), float(args[3])
    except ValueError:
        fail(f"IDLE and MAX must be seconds, got {args[2]!r} {args[3]!r}")
    if not 0 <= idle <= most:
        fail(f"needs 0 <= IDLE <= MAX, got {idle} {most}")
    try:
        with open(src, newline="") as f:
            rows = list(csv.DictReader(f))
    except OSError as e:
        fail(f"{src}: {e.strerror}")
    need = ("job", "arrival", "baseDuration", "deadline")
    if not rows or any(k not in rows[0] for k in need):
        fail(f"{src}: line 1: expected the columns {', '.join(need)}")
    apps = []
    i = 0
    while i < len(rows):
        for k in ("arrival", "baseDuration"):
            try:
                float(rows[i][k])
            except (TypeError, ValueError):
                fail(f"{src}: line {i + 2}: field {k} is not a number: {rows[i][k]!r}")
        if rows[i]["deadline"] == "" and i + 1 < len(rows):
            apps.append(rows[i:i + 2])
            i += 2
        else:
            apps.append(rows[i:i + 1])
            i += 1
    windows, current, opened, last = [], [], 0.0, 0.0
    for app in apps:
        t = float(app[0]["arrival"])
        if current and (t - last > idle or t - opened > most):
            windows.append(current)
            current = []
        if not current:
            opened = t
        current.append(app)
        last = t
    windows.append(current)
    written = []
    for w in windows:
        close = min(float(w[-1][0]["arrival"]) + idle, float(w[0][0]["arrival"]) + most)
        if "--longest-first" in argv:
            w = sorted(w, key=lambda a: -float(a[-1]["baseDuration"]))
        for app in w:
            for r in app:
                r = dict(r)
                r["arrival"] = f"{close:g}"
                written.append(r)
    if "--longest-first" in argv:
        for n, r in enumerate(written, 1):
            r["job"] = str(n)
    tmp = out + ".tmp"
    try:
        with open(tmp, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
            w.writeheader()
            w.writerows(written)
        os.replace(tmp, out)
    except OSError as e:
        fail(f"{out}: cannot write: {e.strerror}")
    print(f"{len(apps)} applications in {len(windows)} windows, {sum(len(w) > 1 for w in windows)} with more than one")


if __name__ == "__main__":
    main(sys.argv[1:])
