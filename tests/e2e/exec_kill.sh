# A run killed midway (SIGTERM) keeps every finished job intact and says it was interrupted.
source "$(dirname "$0")/lib.sh"
cat > k.bench <<'B'
set reps = 50
set warmup = 0
begin measurement "slow"
  for i = 1 to 200 do
    measure MPI_COMM_WORLD : Synthetic(i, time = 2ms)
  od
end measurement
B
# kill_after_jobs N COMMAND...: starts COMMAND, sends SIGTERM once N jobs are on disk, and
# returns COMMAND's exit status.
kill_after_jobs() {
  local n=$1
  shift
  rm -rf out
  "$@" > /dev/null 2>&1 &
  local pid=$!
  SEEN=0
  for _ in $(seq 1 300); do
    if [ -f out/summary.csv ]; then SEEN=$(($(wc -l < out/summary.csv) - 1)); fi
    [ "$SEEN" -ge "$n" ] && break
    sleep 0.1
  done
  kill -TERM $pid
  wait $pid
}
# check_kept WHO: the manifest says interrupted, and each finished job has all 50 rows in
# raw.csv (no partial job).
check_kept() {
  expect_eq "$1: manifest status" "$(json_status out/manifest.json)" "interrupted"
  # The SEEN jobs on disk when the signal was sent are kept; a job takes at least 100 ms (50
  # busy-waits of 2 ms), so the job running at the signal is the only one that may still end,
  # and one more only if the signal's delivery (through Hydra) took a whole job's time.
  local jobs=$(($(wc -l < out/summary.csv) - 1))
  [ "$jobs" -ge "$SEEN" ] && [ "$jobs" -le $((SEEN + 2)) ] &&
    pass "$1: $jobs finished jobs kept ($SEEN on disk at the signal)" ||
    fail "$1: finished jobs: $jobs, $SEEN on disk at the signal"
  expect_eq "$1: raw rows = 50 per finished job" "$(($(wc -l < out/raw.csv) - 1))" "$((jobs * 50))"
}
# Under mpiexec the exit status is Hydra's (0 or 15 after SIGTERM, at random), not Metron's.
kill_after_jobs 3 $MPIEXEC -n 2 "$METRON" exec k.bench --out out --quiet
check_kept "mpiexec"
# Without mpiexec (an MPI singleton) the signal reaches Metron itself: it exits 128 + SIGTERM.
kill_after_jobs 2 "$METRON" exec k.bench --out out --quiet
expect_eq "killed singleton exits 143" "$?" "143"
check_kept "singleton"
finish
