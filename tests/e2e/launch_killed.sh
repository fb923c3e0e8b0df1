# The data decide a launch's status (docs/cli.md, "Failed launches"): a launch killed by a signal
# before its data were complete failed: it is not merged, the run says so and exits 70, and so
# does a replay; a launch whose data were complete when a signal ended it is complete: merged,
# with a note, and the run exits 0.
source "$(dirname "$0")/lib.sh"
run_status() { jq -r .status "$1"; }
# Four jobs of 50 busy-waits of 5 ms: a launch takes a second, a job a quarter of one.
cat > k.bench <<'B'
replicate 3
set reps = 50
set warmup = 0
begin measurement "k"
  for i = 1 to 4 do
    measure MPI_COMM_WORLD : Synthetic(i, time = 5ms)
  od
end measurement
B
template="$MPIEXEC -n {np} {metron} exec {script} --out {dir} --launch {launch} --levels {levels} --seed {seed} --quiet"
# Launch 1 is killed (SIGKILL of its launcher) once its first job is on disk.
cat > killmid.sh <<'W'
id=$1 dir=$2
shift 2
[ "$id" != 1 ] && exec "$@"
"$@" &
for _ in $(seq 1 600); do
  [ -f "$dir/summary.csv" ] && [ "$(wc -l < "$dir/summary.csv")" -ge 2 ] && break
  sleep 0.05
done
kill -KILL $$
W
# Launch 1's launcher is killed after the launch ended, its data complete.
printf '[ "$1" != 1 ] && { shift; exec "$@"; }\nshift\n"$@"\nkill -KILL $$\n' > killend.sh

timeout 300 "$METRON" run k.bench --out mid --seed 3 --launcher "bash $WORK/killmid.sh {launch} {dir} $template" \
  > mid.out 2> mid.err
expect_eq "killed midway: exit 70" "$?" "70"
expect_eq "killed midway: the run failed" "$(run_status mid/manifest.json)" "failed"
expect_eq "killed midway: the launch failed" "$(jq -r '.launches[] | select(.id == 1) | .status' mid/manifest.json)" "failed"
expect_grep "killed midway: said" "^metron: launch 1 failed (signal 9); stderr in " mid.err
expect_grep "killed midway: counted" "^metron: 1 of 3 launches failed (see mid/manifest.json)$" mid.err
expect_eq "killed midway: not merged" "$(jq -c .merged.launches mid/manifest.json)" "[0,2]"
expect_eq "killed midway: none of its rows" "$(column launch mid/summary.csv | sort -u | tr '\n' ' ')" "0 2 "
expect_eq "killed midway: not retried (not a hang)" "$(jq '.launches[] | select(.id == 1) | .attempts | length' mid/manifest.json)" "1"

timeout 300 "$METRON" run k.bench --out end --seed 3 --launcher "bash $WORK/killend.sh {launch} $template" \
  > end.out 2> end.err
expect_eq "killed after its data: exit 0" "$?" "0"
expect_eq "killed after its data: the run is complete" "$(run_status end/manifest.json)" "complete"
expect_eq "killed after its data: the launch is complete" "$(jq -r '.launches[] | select(.id == 1) | .status' end/manifest.json)" "complete"
expect_eq "killed after its data: its signal recorded" "$(jq -r '.launches[] | select(.id == 1) | .signal' end/manifest.json)" "9"
expect_grep "killed after its data: the note" "^metron: launch 1: ended with signal 9 after its data were complete; data kept$" end.err
expect_no_grep "killed after its data: never called failed" "failed" end.err
expect_eq "killed after its data: merged" "$(jq -c .merged.launches end/manifest.json)" "[0,1,2]"

# A replay follows the same rule: a launch killed midway fails it with 70, whatever the findings.
timeout 300 "$METRON" replay end --out rep --quiet --trust-launcher \
  --launcher "bash $WORK/killmid.sh {launch} {dir} $template" > rep.out 2> rep.err
expect_eq "replay with a killed launch: exit 70" "$?" "70"
expect_grep "replay with a killed launch: said" "^metron: launch 1 failed (signal 9); stderr in " rep.err
expect_eq "replay with a killed launch: not merged" "$(jq -c .merged.launches rep/manifest.json)" "[0,2]"
finish
