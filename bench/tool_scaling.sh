#!/usr/bin/env bash
# Metron's own costs against the process count, under SimGrid SMPI (docs/simulation.md): one
# `metron run --simulate` of the same small campaign at p = 2, 4, 8, ... up to P_MAX, each on a
# flat cluster of p hosts (links of 10 Gb/s and 1 us, as stdlib-benchmarks/platforms/cluster_64.xml),
# then one table. Needs the SMPI build (cmake -DMETRON_SMPI=ON; docs/simulation.md).
#   bash bench/tool_scaling.sh [BUILD=build] [P_MAX=1024] [OUT_DIR=tool_scaling]
# The campaign: JOBS jobs (default 10) of REPS fixed observations (default 50) of a 1-byte Bcast
# on all ranks, after WARMUP fixed warm-up calls each (default 10: the automatic warm-up's 300
# calls for a first job would only add simulator time, ~2.7x per doubling of p, to what is
# measured here), with `sync = none` so that what surrounds the observations is Metron's own
# (a barrier before every observation would add p's barrier to it); RAW_PER_RANK=on writes every
# rank's durations (docs/language.md), which gathers them onto rank 0 instead of reducing them.
# P_MIN (default 2) starts the doubling elsewhere.
# Columns (one row per p):
#   wall_s        wall time of the whole `metron run --simulate` (this machine)
#   rss_mib       peak resident memory of the largest process it waited for (the simulator,
#                 which holds every simulated rank), /usr/bin/time -v
#   sim_start_ms  simulated time of the launch outside its jobs: MPI_Init, reading and
#                 broadcasting the script, gathering the machine facts, the final manifest
#   job_ms        simulated time of one job (mean), its observations included
#   obs_ms        the observations' own simulated time in that job (mean)
#   around_ms     job_ms - obs_ms - warm-up: what the job costs around its observations (the
#                 per-batch exchange to rank 0, the stop decision's broadcast, the job's barrier)
#   rule_us       host time of rank 0's stop rule and summary per job (manifest rule_time_s)
#   raw_kib, summary_kib, manifest_kib   the launch's files
#   merge_s       wall time of `run` outside the simulation: planning, the merge and the analysis
set -u
BUILD=${1:-build}
PMAX=${2:-1024}
OUT=${3:-tool_scaling}
JOBS=${JOBS:-10}
REPS=${REPS:-50}
WARMUP=${WARMUP:-10}
PMIN=${P_MIN:-2}
RAW_PER_RANK=${RAW_PER_RANK:-off}
METRON=$BUILD/metron
SMPI=$BUILD/smpi/metron
[ -x "$SMPI" ] || { echo "no SMPI build at $SMPI (cmake -DMETRON_SMPI=ON)"; exit 1; }
mkdir -p "$OUT"
cat > "$OUT/s.bench" << B
set reps = $REPS
set warmup = $WARMUP
set sync = none
set raw_per_rank = $RAW_PER_RANK
begin measurement "scaling"
  for i = 1 to $JOBS do
    measure MPI_COMM_WORLD : Bcast(1, MPI_CHAR, 0)
  od
end measurement
B
printf '%6s %8s %8s %12s %9s %9s %10s %8s %8s %11s %12s %8s\n' p wall_s rss_mib sim_start_ms \
  job_ms obs_ms around_ms rule_us raw_kib summary_kib manifest_kib merge_s
for p in 2 4 8 16 32 64 128 256 512 1024 2048 4096; do
  [ "$p" -ge "$PMIN" ] || continue
  [ "$p" -le "$PMAX" ] || break
  plat="$OUT/cluster_$p.xml"
  cat > "$plat" << X
<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <cluster id="c" prefix="node-" radical="0-$((p - 1))" suffix="" speed="1Gf"
           bw="1.25GBps" lat="1us" bb_bw="12.5GBps" bb_lat="0us"/>
</platform>
X
  dir="$OUT/run_$p"
  rm -rf "$dir"
  /usr/bin/time -v "$METRON" run "$OUT/s.bench" --simulate "$plat" --np "$p" --smpi-metron "$SMPI" \
    --out "$dir" --seed 1 --quiet > "$OUT/run_$p.out" 2> "$OUT/run_$p.err" ||
    { echo "p = $p failed (see $OUT/run_$p.err)"; tail -5 "$OUT/run_$p.err"; exit 1; }
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, a, ":"); s = 0;
           for (i = 1; i <= n; i++) s = s * 60 + a[i]; print s }' "$OUT/run_$p.err")
  rss=$(awk -F': ' '/Maximum resident set size/ { printf "%.0f", $2 / 1024 }' "$OUT/run_$p.err")
  m="$dir/launches/0/manifest.json"
  launch_wall=$(jq '.launches[0].duration_s' "$dir/manifest.json")
  obs=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "time_s") c = i; next }
                 { s += $c } END { printf "%.9f", s }' "$dir/launches/0/raw.csv")
  jq -r --argjson obs "$obs" --argjson wall "$wall" --argjson lw "$launch_wall" \
     --argjson rss "$rss" --argjson p "$p" \
     --arg raw "$(stat -c %s "$dir/launches/0/raw.csv")" \
     --arg sum "$(stat -c %s "$dir/launches/0/summary.csv")" \
     --arg man "$(stat -c %s "$m")" '
    (.jobs | length) as $n
    | ([.jobs[].elapsed_s] | add) as $jobs
    | ([.jobs[].warmup.seconds] | add) as $warm
    | ([.jobs[].rule_time_s] | add) as $rule
    | [$p, $wall, $rss, (.simulation.simulated_s - $jobs) * 1e3, $jobs / $n * 1e3,
       $obs / $n * 1e3, ($jobs - $warm - $obs) / $n * 1e3, $rule / $n * 1e6,
       ($raw | tonumber) / 1024, ($sum | tonumber) / 1024, ($man | tonumber) / 1024, $wall - $lw]
    | @tsv' "$m" |
    awk -F'\t' '{ printf "%6d %8.1f %8d %12.3f %9.3f %9.3f %10.3f %8.1f %8.1f %11.1f %12.1f %8.2f\n",
                  $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12 }'
done
