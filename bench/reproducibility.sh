#!/usr/bin/env bash
# Reproducibility of Metron's reported value: the same experiment (MPI_Bcast 1 B .. 64 KiB on 2
# ranks) run RUNS times with REPLICATES launches each, as Hunold & Carpen-Amarie did for their
# method ([A] §6.3, Fig. 29). Per message size it prints
#   (a) the spread max/min - 1 of the reported value (the Hodges-Lehmann location of the
#       per-launch medians) across the runs,
#   (b) the spread max/min - 1 of the single-launch values (each launch's median) across all
#       RUNS x REPLICATES launches: what a benchmark that runs mpiexec once would report,
#   (c) how often one run's reported value lies inside another run's 95% CI (the signed-rank CI
#       of that location), over all ordered pairs of runs.
# Targets: (a) at most half of (b) at every size, and (c) at least 90%.
# For comparison it also prints (a'): the spread across runs of the *median* of the per-launch
# medians, the value Metron reported before 2026-12-07.
#
# Usage: bench/reproducibility.sh [METRON] [RUNS] [REPLICATES] [REPS] [NP]
#   defaults: build/metron 5 10 1000 2 (about a minute on an idle 2-core machine); the results stay in $OUT (default a fresh temp folder).
set -u
METRON=${1:-build/metron}
RUNS=${2:-5}
REPLICATES=${3:-10}
REPS=${4:-1000}
NP=${5:-2}
METRON=$(cd "$(dirname "$METRON")" && pwd)/$(basename "$METRON")
OUT=${OUT:-$(mktemp -d "${TMPDIR:-/tmp}/metron-repro.XXXXXX")}
mkdir -p "$OUT"
cd "$OUT" || exit 74

cat > bcast.bench <<B
# MPI_Bcast 1 B .. 64 KiB, powers of two; job order shuffled inside every launch.
shuffle
set reps = $REPS
set outliers = tukey(1.5)
begin measurement "bcast"
  for count = 1 to 64KiB step *2 do
    measure comm(get_np()) : Bcast(count, MPI_CHAR, 0)
  od
end measurement
B

start=$(date +%s)
for r in $(seq 1 "$RUNS"); do
  echo "run $r of $RUNS: $REPLICATES launches (seed $((1000 + r)))" >&2
  # Each run is a complete, independent repetition of the experiment with its own seed (so its
  # own launch and job orders), as a second researcher would run it.
  if ! "$METRON" run bcast.bench --np "$NP" --replicates "$REPLICATES" --seed $((1000 + r)) \
      --out "run$r" --quiet > "run$r.log" 2>&1; then
    echo "run $r failed; see $OUT/run$r.log" >&2
    exit 70
  fi
done
elapsed=$(($(date +%s) - start))

# One line per (run, size) from analysis.csv and per (run, launch, size) from summary.csv.
for r in $(seq 1 "$RUNS"); do
  awk -F, -v run="$r" 'NR==1{for(i=1;i<=NF;i++) c[$i]=i; next}
    {print "A", run, $c["bytes"], $c["hl_of_medians_s"], $c["ci_lo_s"], $c["ci_hi_s"], $c["median_of_medians_s"]}' \
    "run$r/analysis.csv"
  awk -F, -v run="$r" 'NR==1{for(i=1;i<=NF;i++) c[$i]=i; next}
    {print "L", run, $c["bytes"], $c["median_s"]}' "run$r/summary.csv"
done > values.txt

awk -v runs="$RUNS" -v reps="$REPLICATES" -v obs="$REPS" -v np="$NP" -v secs="$elapsed" '
  $1 == "A" { rep[$3, $2] = $4; lo[$3, $2] = $5; hi[$3, $2] = $6; med[$3, $2] = $7; sizes[$3] = 1 }
  $1 == "L" { if (!(($3) in lmin) || $4 < lmin[$3]) lmin[$3] = $4
              if (!(($3) in lmax) || $4 > lmax[$3]) lmax[$3] = $4 }
  END {
    n = 0; for (s in sizes) list[++n] = s + 0
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (list[j] < list[i]) { t = list[i]; list[i] = list[j]; list[j] = t }
    printf "Bcast on %d ranks: %d runs x %d launches x %d observations per size (%d s)\n\n", np, runs, reps, obs, secs
    printf "%8s  %12s  %12s  %10s  %10s  %7s  %10s  %10s\n", "bytes", "reported us", "", "(a) runs", "(b) launch", "(a)/(b)", "(c) in CI", "(a\047) median"
    printf "%8s  %12s  %12s  %10s  %10s  %7s  %10s  %10s\n", "", "min", "max", "max/min-1", "max/min-1", "", "pairs", "max/min-1"
    ok_a = 0; ok_c = 0; tot_in = 0; tot_pairs = 0
    for (k = 1; k <= n; k++) {
      s = list[k]; mn = ""; mx = ""
      for (r = 1; r <= runs; r++) { v = rep[s, r]; if (mn == "" || v < mn) mn = v; if (mx == "" || v > mx) mx = v }
      a = mx / mn - 1; b = lmax[s] / lmin[s] - 1
      amn = ""; amx = ""
      for (r = 1; r <= runs; r++) { v = med[s, r]; if (amn == "" || v < amn) amn = v; if (amx == "" || v > amx) amx = v }
      inside = 0; pairs = 0
      for (r = 1; r <= runs; r++) for (q = 1; q <= runs; q++) if (r != q) {
        pairs++
        if (lo[s, q] != "" && rep[s, r] >= lo[s, q] && rep[s, r] <= hi[s, q]) inside++
      }
      tot_in += inside; tot_pairs += pairs
      if (a <= b / 2) ok_a++
      if (inside >= 0.9 * pairs) ok_c++
      printf "%8d  %12.3f  %12.3f  %9.1f%%  %9.1f%%  %7.2f  %9.0f%%  %9.1f%%\n", s, mn * 1e6, mx * 1e6, 100 * a, 100 * b, (b > 0 ? a / b : 0), 100 * inside / pairs, 100 * (amx / amn - 1)
    }
    printf "\n(a) <= (b)/2 at %d of %d sizes; (c) >= 90%% at %d of %d sizes; (c) over all sizes: %.0f%%\n", ok_a, n, ok_c, n, 100 * tot_in / tot_pairs
  }' values.txt
echo "results: $OUT" >&2
