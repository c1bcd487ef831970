#!/usr/bin/env bash
# Whole-process speed of the command line, as users script it: each command is run RUNS times
# (default 7), interleaved with two bare JVM starts so that all see the same machine load: a JVM
# running a trivial class (the floor issue 24 names) and java -version; the median wall time and
# median CPU time (user + sys) are printed with their ratio to the trivial class's. The two simulations are also set against the HYB reference simulator's whole-process
# times on the same traces (RM-Simulator, measured side by side on this 2-core machine kind for issue
# 24: 0.26 s at 1,000 jobs on 9 VMs, 0.57 s at 10,000 jobs on 180 VMs; nothing of it is built here;
# override with REFERENCE_1K / REFERENCE_10K). Usage: scripts/bench-startup.sh [RUNS]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs="${1:-7}"
ep="$here/execplace"
"$ep" --version >/dev/null   # builds the jar and its class-data archive if needed

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
printf 'public class Trivial { public static void main(String[] a) { System.out.println("ok"); } }\n' > "$tmp/Trivial.java"
javac -d "$tmp" "$tmp/Trivial.java"

names=("bare JVM, trivial class" "bare JVM (java -version)" "execplace --version" "simulate 1,000 jobs, hybrid-small, gio"
       "simulate 10,000 jobs, hybrid-large, gio")
cmds=("java -Xshare:auto -cp $tmp Trivial" "java -Xshare:auto -version" "$ep --version"
      "$ep simulate -q --scenario hybrid-high --scheduler gio"
      "$ep simulate -q --scenario hybrid-large --scheduler gio")
TIMEFORMAT='%R %U %S'
for ((r = 0; r < runs; r++)); do
  for i in "${!cmds[@]}"; do
    { time ${cmds[$i]} >/dev/null 2>&1; } 2>>"$tmp/$i"
  done
done
median() { sort -g | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
bare_wall="$(awk '{print $1}' "$tmp/0" | median)"
bare_cpu="$(awk '{print $2 + $3}' "$tmp/0" | median)"
printf '%-42s %9s %7s %9s %7s\n' "command (median of $runs)" "wall s" "x bare" "cpu s" "x bare"
for i in "${!cmds[@]}"; do
  wall="$(awk '{print $1}' "$tmp/$i" | median)"
  cpu="$(awk '{print $2 + $3}' "$tmp/$i" | median)"
  printf '%-42s %9.3f %7.1f %9.3f %7.1f\n' "${names[$i]}" "$wall" "$(awk -v a="$wall" -v b="$bare_wall" 'BEGIN {print a / b}')" \
      "$cpu" "$(awk -v a="$cpu" -v b="$bare_cpu" 'BEGIN {print a / b}')"
done
ref=("" "" "" "${REFERENCE_1K:-0.26}" "${REFERENCE_10K:-0.57}")
for i in 3 4; do
  wall="$(awk '{print $1}' "$tmp/$i" | median)"
  printf '%-42s %9.3f s against the reference'"'"'s %s s: %.2f x (goal <= 0.7 x)\n' "${names[$i]}" "$wall" "${ref[$i]}" \
      "$(awk -v a="$wall" -v b="${ref[$i]}" 'BEGIN {print a / b}')"
done
