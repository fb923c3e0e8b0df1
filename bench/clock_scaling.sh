#!/usr/bin/env bash
# Clock synchronization time and accuracy against the process count: `metron clock-check` at
# p = 2, 4, 8, ... up to P_MAX, every method, then one table. Meant for a machine with at least
# P_MAX cores (oversubscribed ranks measure the scheduler, not the algorithms).
#   bash bench/clock_scaling.sh [METRON=build/metron] [P_MAX=16] [OUT_DIR=.]
# Extra clock-check options can be passed in CLOCK_CHECK_ARGS.
set -u
METRON=${1:-build/metron}
PMAX=${2:-16}
OUT=${3:-.}
MPIEXEC=${MPIEXEC:-mpiexec.mpich}
ARGS=${CLOCK_CHECK_ARGS:---fitpoints 200 --exchanges 20 --rtt-pingpongs 200 --after 0,5 --concurrent}
ps=()
for p in 2 4 8 16 32 64; do
  [ "$p" -le "$PMAX" ] || break
  ps+=("$p")
  # shellcheck disable=SC2086
  $MPIEXEC -n "$p" "$METRON" clock-check $ARGS --csv "$OUT/clock_p$p.csv" > "$OUT/clock_p$p.txt" ||
    { echo "clock-check failed at p = $p"; cat "$OUT/clock_p$p.txt"; exit 1; }
done
# Columns: sync time (ms) per p, then the largest offset (us) right after the sync and at the
# last probe instant, at the largest p.
last=${ps[-1]}
awk -F, -v ps="${ps[*]}" -v last="$last" '
  FNR == 1 { split(FILENAME, a, "clock_p"); p = a[2]; sub(/\.csv$/, "", p); next }
  {
    m = $1; if (!(m in seen)) { seen[m] = 1; order[++nm] = m }
    sync[m, p] = $3
    if (p == last) { if (!((m, "first") in off)) off[m, "first"] = $6; off[m, "last"] = $6 }
  }
  END {
    np = split(ps, P, " ")
    printf "%-9s", "method"; for (i = 1; i <= np; i++) printf " %12s", "sync_ms_p" P[i]
    printf " %14s %14s\n", "off_0s_us", "off_last_us"
    for (k = 1; k <= nm; k++) {
      m = order[k]; printf "%-9s", m
      for (i = 1; i <= np; i++) printf " %12.2f", sync[m, P[i]] * 1e3
      printf " %14.2f %14.2f\n", off[m, "first"] * 1e6, off[m, "last"] * 1e6
    }
  }' $(for p in "${ps[@]}"; do echo "$OUT/clock_p$p.csv"; done)
