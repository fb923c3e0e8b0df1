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
$MPIEXEC -n 2 "$METRON" exec k.bench --out out --quiet > /dev/null 2>&1 &
pid=$!
# Wait until at least 3 jobs are on disk, then terminate the launch.
for _ in $(seq 1 300); do
  if [ -f out/summary.csv ] && [ "$(wc -l < out/summary.csv)" -ge 4 ]; then break; fi
  sleep 0.1
done
kill -TERM $pid
wait $pid
# mpiexec's own exit status after SIGTERM is Hydra's (0 or 15, at random); Metron's is checked
# below on a singleton launch.
expect_eq "manifest status" "$(json_status out/manifest.json)" "interrupted"
jobs=$(($(wc -l < out/summary.csv) - 1))
[ "$jobs" -ge 3 ] && [ "$jobs" -lt 200 ] && pass "$jobs finished jobs kept" || fail "finished jobs: $jobs"
# Every finished job has all its 50 observations in raw.csv, and no partial job is there.
expect_eq "raw rows = 50 per finished job" "$(($(wc -l < out/raw.csv) - 1))" "$((jobs * 50))"
# Without mpiexec (an MPI singleton) the signal reaches Metron itself: it exits 128 + SIGTERM.
rm -rf out
"$METRON" exec k.bench --out out --quiet > /dev/null 2>&1 &
pid=$!
for _ in $(seq 1 300); do
  if [ -f out/summary.csv ] && [ "$(wc -l < out/summary.csv)" -ge 3 ]; then break; fi
  sleep 0.1
done
kill -TERM $pid
wait $pid
expect_eq "killed singleton exits 143" "$?" "143"
expect_eq "singleton manifest status" "$(json_status out/manifest.json)" "interrupted"
jobs=$(($(wc -l < out/summary.csv) - 1))
expect_eq "singleton: raw rows = 50 per finished job" "$(($(wc -l < out/raw.csv) - 1))" "$((jobs * 50))"
finish
