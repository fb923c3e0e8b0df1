#!/usr/bin/env bash
# Benchmark (issue 12): does the first measurement of a fresh launch report the warm-up
# transient? MPICH's first ~64 calls of Bcast(4 KiB) on 2 ranks take ~35 us, later ones ~1 us.
# Per fresh launch: a SKaMPI-style first job (min 8, max 5000 repetitions, RSE <= 5%), then a
# 2000-observation job of the same call later in the same launch (the steady state). Runs
# LAUNCHES launches with the default warm-up (`auto`) and with the former default of 2 calls,
# and prints one row per launch. Target: every launch with `auto` within 1.5x of the steady state.
# Usage: bash bench/warmup_first_job.sh [build dir] [launches = 4]
set -euo pipefail
BUILD=${1:-build}
LAUNCHES=${2:-4}
METRON=$(cd "$BUILD" && pwd)/metron
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
for warmup in auto 2; do
  cat > "$WORK/first_$warmup.bench" <<B
set warmup = $warmup
begin measurement "first"
  set_min_repetitions(8)
  set_max_repetitions(5000)
  set_max_relative_standard_error(0.05)
  measure comm(2) : Bcast(4096, MPI_CHAR, 0)
end measurement
begin measurement "steady"
  set reps = 2000
  measure comm(2) : Bcast(4096, MPI_CHAR, 0)
end measurement
B
done
printf "%-7s %6s | %10s %6s %7s %9s | %10s | %6s %s\n" "warmup" "launch" "first_us" "n" "warm-up" "truncated" "steady_us" "ratio" "within 1.5x"
for warmup in auto 2; do
  within=0
  for l in $(seq 1 "$LAUNCHES"); do
    out="$WORK/out_${warmup}_$l"
    mpiexec -n 2 "$METRON" exec "$WORK/first_$warmup.bench" --out "$out" --quiet 2> "$out.err"
    awk -F, -v w="$warmup" -v l="$l" '
      NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
      { med[$col["block"]] = $col["median_s"]; n[$col["block"]] = $col["n"]
        wu[$col["block"]] = $col["warmup"]; tr[$col["block"]] = $col["truncated"] }
      END {
        r = med["first"] / med["steady"]
        printf "%-7s %6d | %10.3f %6d %7d %9d | %10.3f | %6.2f %s\n", w, l, 1e6 * med["first"], n["first"], wu["first"], tr["first"], 1e6 * med["steady"], r, (r <= 1.5 && r >= 1 / 1.5) ? "yes" : "no"
      }' "$out/summary.csv" | tee -a "$WORK/rows.txt"
  done
done
for warmup in auto 2; do
  awk -v w="$warmup" '$1 == w { t++; if ($NF == "yes") k++ } END { printf "warmup = %s: %d/%d launches within 1.5x of the steady state\n", w, k, t }' "$WORK/rows.txt"
done
load=$(cut -d' ' -f1-3 /proc/loadavg)
echo "load average at the end: $load (on $(nproc) cores)"
