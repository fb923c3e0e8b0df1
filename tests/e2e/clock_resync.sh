# Clock reuse and `resync`: three jobs on synchronized clocks share one synchronization by
# default, get one each with `resync = 1` (jobs), and the manifest lists every synchronization.
# A job measured under contention is not measured again here (noisy_job = flag): each attempt
# would count a synchronization of its own.
source "$(dirname "$0")/lib.sh"
write() {
  cat > "$1" <<B
set warmup = 0
set reps = 5
set noisy_job = flag
set sync = window(size = 1ms, clock = hca3(fitpoints = 20, exchanges = 5))
$2
begin measurement "m"
  for t in [10us, 20us, 30us] do
    measure comm(2) : Synthetic(1, time = t)
  od
end measurement
B
}
syncs() { grep -c '"method": "hca3"' "$1"; }
write reuse.bench ""
write every.bench "set resync = 1"
timeout 120 $MPIEXEC -n 2 "$METRON" exec reuse.bench --out a > a.txt 2>&1
expect_eq "reuse: exit code" "$?" "0"
expect_eq "reuse: one synchronization" "$(syncs a/manifest.json)" "1"
expect_eq "reuse: later jobs spent no time synchronizing" \
  "$(grep -cE '"clock_sync_s": 0\.0,?$' a/manifest.json)" "2"
timeout 120 $MPIEXEC -n 2 "$METRON" exec every.bench --out b > b.txt 2>&1
expect_eq "resync = 1: exit code" "$?" "0"
expect_eq "resync = 1: one synchronization per job" "$(syncs b/manifest.json)" "3"
finish
