#!/usr/bin/env bash
# Benchmark (issue 17): PGMPI's 17 guidelines (stdlib-benchmarks/pgmpi_guidelines.inc) checked
# on NP ranks of this machine's MPI with `metron run`, at a few sizes so that a run fits a shared
# 2-core machine: GL1 and GL3-GL17 at 16 B, 4 KiB and 64 KiB, GL2 at 2 KiB -> 4 KiB; 72 checks,
# so 12 launches (the one-sided signed-rank test needs 2^-n <= 0.05 / 72 to reject after Holm).
# Prints the guideline table of the run and its wall time; the folder is kept (last line).
# The full set at PGMPI's sizes: metron run stdlib-benchmarks/pgmpi_guidelines.bench --np 16
# Usage: bash bench/pgmpi_guidelines.sh [build dir] [np = 2] [out dir]
set -euo pipefail
BUILD=${1:-build}
NP=${2:-2}
METRON=$(cd "$BUILD" && pwd)/metron
SRC=$(cd "$(dirname "$0")/.." && pwd)
OUT=${3:-$(mktemp -d)/pgmpi}
WORK=$(mktemp -d)
cat > "$WORK/pgmpi_quick.bench" <<B
replicate 12
shuffle seed 20161010
pgmpi_sizes = [16, 4096, 65536]
pgmpi_split_sizes = [2048]
pgmpi_comm = MPI_COMM_WORLD
set buffer = 4MiB * get_np()
stop when reps >= 200 or elapsed >= 200ms or (reps >= 20 and ci(median, 95%) within 5%)
@include "$SRC/stdlib-benchmarks/pgmpi_guidelines.inc"
B
start=$(date +%s)
"$METRON" run "$WORK/pgmpi_quick.bench" --np "$NP" --out "$OUT" > "$WORK/run.txt" 2> "$WORK/run.err" || {
  cat "$WORK/run.err"
  exit 1
}
end=$(date +%s)
sed -n '/^guidelines:/,$p' "$WORK/run.txt"
echo "np $NP, 12 launches, $(($(wc -l < "$OUT/summary.csv") - 1)) job rows, wall time $((end - start)) s, load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "results: $OUT"
