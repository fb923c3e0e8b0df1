#!/usr/bin/env bash
# Refinement algorithms compared through `metron exec` on 2 ranks: for each algorithm, the points
# measured, the wall time and the error in the location of a Synthetic step (a protocol switch
# between grid points), and the points it adds to a linear curve. A dense grid without
# refinement is the baseline.
# Usage: bench/refinement.sh [path/to/metron] [step in bytes]   (defaults: build/metron, 3000)
set -u
METRON=${1:-build/metron}
STEP=${2:-3000}
MPIEXEC=${MPIEXEC:-mpiexec.mpich}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/metron-refbench.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

# Medians to 2 % (95 % CI), as in tests/e2e/refine_step.sh: with wide CIs Metron's algorithm
# (rightly) declines to refine, and the comparison would measure the machine's load instead.
script() {  # script SETTING LOOP STEP TIME_EXPR
  cat <<B
set refine = $1
stop when ci(median, 95%) within 2%
set min_reps = 20
set max_reps = 400
begin measurement "curve"
  $2 count = 1 to 64KiB step $3 do
    measure comm(2) : Synthetic(count, time = $4)
  od
end measurement
B
}

exec_script() {  # exec_script NAME: runs $WORK/NAME.bench, prints the wall time
  local t0 t1
  t0=$(date +%s.%N)
  if ! $MPIEXEC -n 2 "$METRON" exec "$WORK/$1.bench" --out "$WORK/$1" > "$WORK/$1.log" 2>&1; then
    echo "$1: metron exec failed" >&2; cat "$WORK/$1.log" >&2; return 1
  fi
  t1=$(date +%s.%N)
  awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.2f", b - a}'
}

run() {  # run NAME SETTING LOOP STEP
  local wall
  script "$2" "$3" "$4" "10us + count * 1ns + (count > $STEP) * 20us" > "$WORK/$1.bench"
  wall=$(exec_script "$1") || return 1
  script "$2" "$3" "$4" "10us + count * 1ns" > "$WORK/$1_linear.bench"
  exec_script "$1_linear" > /dev/null || return 1
  local linear
  linear=$(awk -F, 'NR==1 {for (i = 1; i <= NF; i++) c[$i] = i; next}
    {n += ($c["refine_round"] > 0)} END {print n + 0}' "$WORK/$1_linear/summary.csv")
  # The step lies in the interval with the biggest rise beyond the 1 ns/B slope; the interval's
  # midpoint is the estimate.
  awk -F, -v name="$1" -v step="$STEP" -v wall="$wall" -v lin="$linear" '
    NR==1 {for (i = 1; i <= NF; i++) c[$i] = i; next}
    {n++; x[n] = $c["var_count"] + 0; y[n] = $c["median_s"] + 0; el += $c["elapsed_s"]
     added += ($c["refine_round"] > 0)}
    END {
      for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++)
        if (x[j] < x[i]) {t = x[i]; x[i] = x[j]; x[j] = t; t = y[i]; y[i] = y[j]; y[j] = t}
      best = -1
      for (i = 1; i < n; i++) {
        if (x[i + 1] == x[i]) continue  # a re-run (mpptest) of the same size
        r = y[i + 1] - y[i] - 1e-9 * (x[i + 1] - x[i])
        if (r > best) {best = r; lo = x[i]; hi = x[i + 1]}
      }
      est = (lo + hi) / 2; err = est - step; if (err < 0) err = -err
      printf "%-9s %6d %6d %8.2f %8.3f   %-16s %6.2f%% %8d\n", name, n, added, wall, el,
             sprintf("[%d, %d]", lo, hi), 100 * err / step, lin
    }' "$WORK/$1/summary.csv"
}

echo "Synthetic step of 20 us at $STEP B on 10 us + 1 ns/B; 2 ranks; grid 1 to 64KiB step *2"
echo "points: measurements of the step curve (mpptest re-runs included); added: by refinement;"
echo "wall_s: the whole metron exec; jobs_s: sum of the jobs' elapsed_s; linear+: points added to"
echo "the same curve without the step; load average: $(cut -d' ' -f1-3 /proc/loadavg)"
printf "%-9s %6s %6s %8s %8s   %-16s %7s %8s\n" algorithm points added wall_s jobs_s bracket \
  error linear+
run metron "metron()" autorefine "*2"
run skampi "skampi(factor = 2)" autorefine "*2"
run mpptest "mpptest(autorel = 2%, autodx = 4)" autorefine "*2"
run dense "metron()" for "*1.1"
