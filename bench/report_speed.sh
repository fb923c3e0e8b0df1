#!/usr/bin/env bash
# Time and size of `metron report` for a 100-job, 10-launch run. Targets (issue 19): under 5 s
# and under 5 MB, with the raw observations summarized beyond a stated limit (at most
# kMaxSeriesJobs = 12 series of kMaxSeriesLaunches = 10 launches, each launch's series cut to
# kMaxPointsPerLaunch = 500 bin medians; runtime/report/series_plots.h).
#
# A real `metron run` measures 100 Synthetic jobs (4 durations x 25 sizes, 1 B .. 16 MiB) in 10
# launches with REPS observations per job and launch. The report's cost grows with raw.csv, so
# the folder is then copied with raw.csv inflated to 10x and 100x the observations (each row
# repeated with new rep numbers and a deterministic +-1% jitter; summary.csv is kept), and each
# copy is reported. Prints one row per folder: observations, raw.csv size, report time (median
# of 3), report size, figures drawn.
#
# Usage: bench/report_speed.sh [METRON] [REPS]   (defaults: build/metron 100; the run takes a few
# minutes on a busy 2-core machine; the folders stay in $OUT, default a fresh temp folder; an
# existing $OUT/run is reused)
set -u
METRON=${1:-build/metron}
REPS=${2:-100}
METRON=$(cd "$(dirname "$METRON")" && pwd)/$(basename "$METRON")
OUT=${OUT:-$(mktemp -d "${TMPDIR:-/tmp}/metron-report-speed.XXXXXX")}
mkdir -p "$OUT"
cd "$OUT" || exit 74
cat > jobs100.bench <<B
replicate 10
set reps = $REPS
begin measurement "syn"
  for t = 1 to 4 do
    for count = 1 to 16mb step *2 do
      measure comm(2) : Synthetic(count, time = t * 1us)
    od
  od
end measurement
B
if [ ! -f run/summary.csv ]; then
  "$METRON" run jobs100.bench --out run --quiet > run.txt 2>&1 || { cat run.txt; exit 70; }
fi

# inflate SRC DST FACTOR: DST is SRC with every raw.csv row repeated FACTOR times.
inflate() {
  rm -rf "$2"
  mkdir -p "$2"
  cp "$1"/summary.csv "$1"/manifest.json "$2"/
  [ -d "$1/launches" ] && cp -r "$1/launches" "$2/"
  awk -F, -v OFS=, -v k="$3" 'NR == 1 { for (i = 1; i <= NF; i++) { if ($i == "rep") r = i; if ($i == "time_s") t = i }; print; next }
    { rep = $r; time = $t; for (j = 0; j < k; j++) { $r = rep * k + j; $t = time * (1 + ((j * 7919 + NR) % 201 - 100) / 10000); print } }' \
    "$1/raw.csv" > "$2/raw.csv"
}
inflate run run10 10
inflate run run100 100

median3() { sort -g | sed -n 2p; }
printf "%-8s %12s %12s %12s %12s %10s\n" folder observations "raw.csv MB" "report s" "report MB" figures
for d in run run10 run100; do
  obs=$(($(wc -l < "$d/raw.csv") - 1))
  raw_mb=$(awk -v b="$(stat -c %s "$d/raw.csv")" 'BEGIN{printf "%.1f", b / 1e6}')
  t=$(for i in 1 2 3; do
    s=$(date +%s.%N)
    "$METRON" report "$d" > /dev/null 2>&1
    e=$(date +%s.%N)
    awk -v s="$s" -v e="$e" 'BEGIN{printf "%.2f\n", e - s}'
  done | median3)
  mb=$(awk -v b="$(stat -c %s "$d/report.html")" 'BEGIN{printf "%.2f", b / 1e6}')
  figs="$(grep -c '<svg' "$d/report.html")/$(grep -c '<figure' "$d/report.html")"
  printf "%-8s %12s %12s %12s %12s %10s\n" "$d" "$obs" "$raw_mb" "$t" "$mb" "$figs"
done
echo "targets: report s < 5, report MB < 5 (folders in $OUT)"
