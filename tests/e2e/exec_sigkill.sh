# A launch killed with SIGKILL (no handler runs) leaves a manifest that is valid JSON, says
# "running", and lists the jobs in summary.csv: it is rewritten after every finished job.
source "$(dirname "$0")/lib.sh"
cat > k.bench <<'B'
set reps = 20
set warmup = 0
begin measurement "many"
  for i = 1 to 300 do
    measure MPI_COMM_WORLD : Synthetic(1, time = 500us)
  od
end measurement
B
for attempt in 1 2 3; do
  $MPIEXEC -n 2 "$METRON" exec k.bench --out "k$attempt" --quiet > /dev/null 2>&1 &
  # Wait for a few finished jobs (each takes about 10 ms), then kill every process of the launch.
  for _ in $(seq 1 200); do
    rows=$(($(wc -l < "k$attempt/summary.csv" 2> /dev/null || echo 1) - 1))
    [ "$rows" -ge $((5 * attempt)) ] && break
    sleep 0.05
  done
  pkill -9 -f "exec k.bench --out k$attempt" ; wait 2> /dev/null
  if ! jq -e . "k$attempt/manifest.json" > /dev/null; then
    fail "attempt $attempt: manifest is not valid JSON"
    continue
  fi
  expect_eq "attempt $attempt: status" "$(jq -r .status "k$attempt/manifest.json")" "running"
  listed=$(jq '.jobs | length' "k$attempt/manifest.json")
  rows=$(($(wc -l < "k$attempt/summary.csv") - 1))
  # The rows are written just before the manifest in the same section: a kill between the two
  # writes (a fraction of a millisecond per 10 ms job) leaves one row the manifest lacks.
  if [ "$rows" -gt 0 ] && { [ "$listed" -eq "$rows" ] || [ "$listed" -eq $((rows - 1)) ]; }; then
    pass "attempt $attempt: manifest lists $listed of $rows jobs in summary.csv"
  else
    fail "attempt $attempt: manifest lists $listed jobs, summary.csv has $rows"
  fi
done
finish
