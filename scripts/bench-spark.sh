#!/usr/bin/env bash
# The Spark engine's overhead against the in-process engine (docs/spark.md): 'reproduce hybrid
# --quick' on 2 cores both ways (--threads 2, and --engine spark --master local[2]), and a one-cell
# Spark run (JVM + Spark context start and stop, no work to speak of). Interleaved RUNS times
# (default 3) so that all see the same machine load; prints the median wall and CPU times and the
# cells per second per executor core of the Spark run (cells / ((spark - one-cell) wall x 2 cores)).
# Usage: scripts/bench-spark.sh [RUNS]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs="${1:-3}"
ep="$here/execplace"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
# Build both distributions first (not timed).
"$ep" --version >/dev/null
"$ep" compare -q --jobs 5 --seeds 1 --schedulers gio --out "$tmp/warm" --engine spark --master 'local[2]' >/dev/null
names=("reproduce hybrid --quick, in-process, --threads 2" "reproduce hybrid --quick, --engine spark local[2]"
       "one cell (compare 5 jobs) on spark local[2]")
cmds=("$ep reproduce hybrid --quick -q --threads 2 --out $tmp/a"
      "$ep reproduce hybrid --quick -q --engine spark --master local[2] --out $tmp/b"
      "$ep compare -q --jobs 5 --seeds 1 --schedulers gio --engine spark --master local[2] --out $tmp/c")
TIMEFORMAT='%R %U %S'
for ((r = 0; r < runs; r++)); do
  for i in "${!cmds[@]}"; do
    { time ${cmds[$i]} >/dev/null 2>&1; } 2>>"$tmp/$i"
  done
done
cells="$(($(wc -l < "$tmp/b/results.csv") - 1))"
median() { sort -g | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
printf '%-52s %8s %8s\n' "command (median of $runs)" "wall s" "cpu s"
for i in "${!cmds[@]}"; do
  printf '%-52s %8.1f %8.1f\n' "${names[$i]}" "$(awk '{print $1}' "$tmp/$i" | median)" \
      "$(awk '{print $2 + $3}' "$tmp/$i" | median)"
done
inproc="$(awk '{print $1}' "$tmp/0" | median)"
spark="$(awk '{print $1}' "$tmp/1" | median)"
one="$(awk '{print $1}' "$tmp/2" | median)"
awk -v c="$cells" -v i="$inproc" -v s="$spark" -v o="$one" 'BEGIN {
  printf "cells: %d; spark overhead: %+.1f s (%+.0f%%); spark work time %.1f s: %.2f cells/s per executor core\n",
         c, s - i, 100 * (s - i) / i, s - o, c / ((s - o) * 2) }'
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
