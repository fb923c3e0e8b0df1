# Per-job contention (CPU pressure, steal time, involuntary context switches), read outside the
# timed region, flags a job measured during a burst of other work, and `set noisy_job` decides
# what the job does: flag, remeasure (every measurement kept, the least contended reported) or
# fail. The burst: one busy loop pinned to each of the two CPUs the ranks run on, so each rank
# shares its core; the test asserts what Metron does, not how fast anything is.
source "$(dirname "$0")/lib.sh"
command -v taskset > /dev/null || { echo "skip: no taskset"; finish; }
# The first two CPUs this process may run on (one, if that is all there is).
cpus=$(taskset -cp $$ | sed 's/.*: //' | tr ',' '\n' |
  awk -F- '{for (c = $1; c <= ($2 == "" ? $1 : $2); c++) print c}' | head -2 | paste -sd,)
LOOPS=()
burst() {
  for c in ${cpus//,/ }; do
    taskset -c "$c" timeout 60 sh -c 'while :; do :; done' &
    LOOPS+=($!)
  done
  sleep 0.5  # the loops run before the launch starts
}
calm() {
  for pid in "${LOOPS[@]}"; do kill "$pid" 2> /dev/null; done
  wait 2> /dev/null
  LOOPS=()
}
trap 'calm; rm -rf "$WORK"' EXIT
job() {
  cat > "$1.bench" <<B
set warmup = 0
set reps = 60
set noisy_job = $2
begin measurement "busy"
  measure comm(2) : Synthetic(1, time = 1ms)
end measurement
B
}
run() { taskset -c "$cpus" timeout 120 $MPIEXEC -n 2 "$METRON" exec "$1.bench" --out "$1" > "$1.txt" 2> "$1.err"; }

# flag: the job is kept, and its noise names what was measured, with the figure and the rank.
job flag flag
burst
run flag
echo "$?" > flag.rc
calm
expect_eq "flag: exit code" "$(cat flag.rc)" "0"
pressure=$(grep -A3 '"measures"' flag/manifest.json | grep -c '"cpu_pressure": true')
if [ "$pressure" = "1" ]; then
  expect_grep "flag: CPU pressure named in the noise column" \
    "CPU pressure [0-9]*% of the job's time on rank [01]" flag/summary.csv
  expect_eq "flag: cpu_pressure recorded" "$(jq '.jobs[0].contention.cpu_pressure > 0.1' flag/manifest.json)" "true"
else
  echo "note: this kernel has no /proc/pressure/cpu; the manifest says so"
  expect_grep "flag: no PSI recorded" '"cpu_pressure": false' flag/manifest.json
fi
expect_grep "flag: involuntary switches counted" '"involuntary_switches": [0-9]' flag/manifest.json
# summary.csv's noise cell holds commas (quoted), so the columns after it are read from the
# manifest, which has the same fields (the table of a job's record).
expect_eq "flag: one measurement" "$(jq '.jobs[0].attempts' flag/manifest.json)" "1"
expect_eq "flag: the summary has the contention columns" \
  "$(head -1 flag/summary.csv | tr ',' '\n' | grep -c '^\(cpu_pressure\|cpu_steal\|involuntary_switches\)\(_rank\)\?$')" "6"
expect_grep "flag: the progress line names it" "noisy: .*\(CPU pressure\|involuntary context switches\)" flag.txt
expect_grep "flag: thresholds in the manifest" '"involuntary_switches_per_s": 20' flag/manifest.json
expect_eq "flag: no raw_attempts.csv" "$(ls flag/raw_attempts.csv 2> /dev/null)" ""

# remeasure: under a burst that lasts, both measurements are contended; both are kept in the
# raw data, the summary reports the less contended one and says how many were taken.
job again "remeasure(attempts = 2)"
burst
run again
echo "$?" > again.rc
calm
expect_eq "remeasure: exit code" "$(cat again.rc)" "0"
expect_eq "remeasure: two measurements" "$(jq '.jobs[0].attempts' again/manifest.json)" "2"
kept=$(jq '.jobs[0].attempt' again/manifest.json)
expect_eq "remeasure: the other one in raw_attempts.csv" \
  "$(column attempt again/raw_attempts.csv | sort -u)" "$((3 - kept))"
expect_eq "remeasure: its observations" "$(($(wc -l < again/raw_attempts.csv) - 1))" "60"
expect_eq "remeasure: raw.csv holds the kept one" "$(($(wc -l < again/raw.csv) - 1))" "60"
expect_grep "remeasure: the manifest lists the superseded one" '"superseded": \[' again/manifest.json
expect_grep "remeasure: the progress line says so" "measured 2 times for contention, kept measurement $kept" again.txt

# fail: the job fails with the catalogue's message at its measure statement; the launch ends 70.
job fails fail
burst
run fails
echo "$?" > fails.rc
calm
expect_eq "fail: exit code" "$(cat fails.rc)" "70"
expect_grep "fail: message" \
  "fails.bench:5:3: error: 'Synthetic' measured under contention for the CPU (the 'noise' column of summary.csv says what was measured), and 'noisy_job' is 'fail'" \
  fails.err
expect_eq "fail: the row says why" "$(column stop_reason fails/summary.csv)" "error"
finish
