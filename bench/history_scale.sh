#!/usr/bin/env bash
# The history at scale: an SQLite database of RUNS runs of a JOBS-job script (3 launches each,
# built by history_fill from a real run of the script through the same code as `history add`),
# then the times of `metron history add` of three more real runs and of `metron history trend`
# of one series (five times), of all series (once) and of one series with the permutation test
# over its last 300 runs. Prints a table (docs/measurements.md, "Performance history at scale").
#
#   bench/history_scale.sh [BUILD_DIR=build] [RUNS=10000] [JOBS=100]
set -eu
BUILD=${1:-build}
RUNS=${2:-10000}
JOBS=${3:-100}
cmake --build "$BUILD" --target metron history_fill > /dev/null
METRON=$(realpath "$BUILD/metron")
FILL=$(realpath "$BUILD/history_fill")
W=$(mktemp -d "${TMPDIR:-/tmp}/history-scale.XXXXXX")
trap 'rm -rf "$W"' EXIT
cd "$W"
printf 'set reps = 5\nset warmup = 0\nbegin measurement "scale"\n  for i = 1 to %d do\n    measure comm(2) : Synthetic(1, 1us)\n  od\nend measurement\n' "$JOBS" > scale.bench
for k in 0 1 2 3; do
  "$METRON" run scale.bench --np 2 --replicates 3 --seed "$k" --out "t$k" --quiet > /dev/null
done
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
start=$(date +%s.%N)
"$FILL" h.sqlite t0 "$RUNS"
fill_s=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.0f", b - a }')

# seconds COMMAND...: runs it, prints its wall time (its exit code may be 0, 1 or 2).
seconds() {
  local t0 t1
  t0=$(date +%s.%N)
  "$@" > /dev/null 2>&1 || true
  t1=$(date +%s.%N)
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }'
}
# row WHAT TIMES...: median, min and max of the times.
row() {
  local what=$1
  shift
  printf '%s\n' "$@" | sort -g | awk -v what="$what" '{ v[NR] = $1 }
    END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2;
          printf "%-44s %5d %10.3f %10.3f %10.3f\n", what, NR, m, v[1], v[NR] }'
}

adds=()
for k in 1 2 3; do adds+=("$(seconds "$METRON" history add "t$k" --db h.sqlite)"); done
trends=()
for k in 1 2 3 4 5; do
  trends+=("$(seconds "$METRON" history trend --db h.sqlite --job i=50)")
done
"$METRON" history trend --db h.sqlite --job i=50 > one.txt || true
all=$(seconds "$METRON" history trend --db h.sqlite)
# The last 300 runs: the fill's runs are an hour apart.
recent=$(date -u -d "2020-01-01 +$((RUNS - 297)) hours" +%Y-%m-%dT%H:%M:%SZ)
perm=$(seconds "$METRON" history trend --db h.sqlite --job i=50 --method permutation --since "$recent")

echo "load average after:  $(cut -d' ' -f1-3 /proc/loadavg)"
echo "database: $(du -h h.sqlite | cut -f1), $RUNS + 3 runs of $JOBS jobs, 3 launches each (filled in $fill_s s)"
printf '%-44s %5s %10s %10s %10s\n' "what" "n" "median_s" "min_s" "max_s"
row "history add (one run, $JOBS jobs)" "${adds[@]}"
row "history trend --job i=50 (one series)" "${trends[@]}"
row "history trend (all $JOBS series)" "$all"
row "trend --method permutation, last 300 runs" "$perm"
echo "one series: $(grep -c 'change at run' one.txt) change point(s): $(grep -o 'change at run [0-9]*' one.txt | head -3 | tr '\n' ' ')"
