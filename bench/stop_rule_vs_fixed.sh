#!/usr/bin/env bash
# Benchmark (issue 5): a Bcast sweep 1 B..64 KiB on 2 ranks measured with the CI rule
# `ci(median, 95%) within 5%` (at least 20 observations) and with a fixed 1000 repetitions, in
# one launch (blocks alternate per size). Prints, per size, the repetitions each used, the wall
# time, and whether each run's median CI met 5%.
# Usage: bash bench/stop_rule_vs_fixed.sh [build dir]
set -euo pipefail
BUILD=${1:-build}
METRON=$(cd "$BUILD" && pwd)/metron
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cat > "$WORK/sweep.bench" <<'B'
set warmup = 10
begin measurement "sweep"
  for count = 1 to 65536 step *4 do
    for how in ["rule", "fixed"] do
      if how == "rule" then
        stop when reps >= 20 and ci(median, 95%) within 5%
        set max_time = 30s
      else
        set reps = 1000
      fi
      measure MPI_COMM_WORLD : Bcast(count, MPI_CHAR, 0)
    od
  od
end measurement
B
mpiexec -n 2 "$METRON" exec "$WORK/sweep.bench" --out "$WORK/out" --quiet
awk -F, '
  NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
  {
    size = $col["bytes"]; m = $col["var_how"]
    n[size, m] = $col["n"]; t[size, m] = $col["elapsed_s"]; w[size, m] = $col["ci_rel_half_width"]
    med[size, m] = $col["median_s"]; sizes[size] = 1; tot[m] += $col["elapsed_s"]
  }
  END {
    printf "%8s | %6s %9s %8s %9s | %6s %9s %8s %9s\n", "bytes", "reps", "wall_s", "ci_hw", "median_us", "reps", "wall_s", "ci_hw", "median_us"
    printf "%8s | %-35s | %-35s\n", "", "ci(median, 95%) within 5% (min 20)", "fixed 1000 repetitions"
    n_sizes = 0
    for (s in sizes) order[++n_sizes] = s + 0
    for (i = 2; i <= n_sizes; i++) for (j = i; j > 1 && order[j - 1] > order[j]; j--) { x = order[j]; order[j] = order[j - 1]; order[j - 1] = x }
    met_rule = 0; met_fixed = 0
    for (k = 1; k <= n_sizes; k++) {
      s = order[k]
      printf "%8d | %6d %9.4f %7.2f%% %9.3f | %6d %9.4f %7.2f%% %9.3f\n", s, n[s, "rule"], t[s, "rule"], 100 * w[s, "rule"], 1e6 * med[s, "rule"], n[s, "fixed"], t[s, "fixed"], 100 * w[s, "fixed"], 1e6 * med[s, "fixed"]
      met_rule += (w[s, "rule"] != "" && w[s, "rule"] <= 0.05); met_fixed += (w[s, "fixed"] != "" && w[s, "fixed"] <= 0.05)
    }
    printf "total wall time: rule %.3f s, fixed %.3f s (ratio %.2f); CI met 5%%: rule %d/%d sizes, fixed %d/%d sizes\n", tot["rule"], tot["fixed"], tot["rule"] / tot["fixed"], met_rule, n_sizes, met_fixed, n_sizes
  }' "$WORK/out/summary.csv"
