# A launch that hangs (METRON_TEST_HANG, test-only: one rank sleeps in a job or before MPI_Init)
# is killed at its deadline or start-up limit, recorded and retried; with --retries 0 the run
# fails with a clear message; no process of a killed launch is left; exec --timeout records it.
source "$(dirname "$0")/lib.sh"
run_status() { grep -o '^  "status": "[a-z]*"' "$1" | sed 's/.*: "\(.*\)"/\1/'; }
# jq PATH FILE: one value of a JSON file
jqv() { jq -r "$1" "$2"; }
# The processes of a run carry its folder in their command lines (--out .../launches/<id>).
left_behind() { pgrep -f -- "$WORK/$1" | wc -l; }
cat > h.bench <<'B'
replicate 2
set reps = 3
set warmup = 0
set max_time = 0.2s
set noisy_job = flag
begin measurement "h"
  measure MPI_COMM_WORLD : Synthetic(1, time = 10us)
  measure MPI_COMM_WORLD : Synthetic(2, time = 10us)
end measurement
B

# 0. Bad limits are usage errors.
"$METRON" run h.bench --out "$WORK/bad" --launch-timeout 0 > /dev/null 2> e0.txt
expect_eq "--launch-timeout 0 exit code" "$?" "64"
expect_grep "--launch-timeout 0 message" "launch-timeout: expected seconds above 0, got '0'" e0.txt
"$METRON" run h.bench --out "$WORK/bad" --retries -1 > /dev/null 2> e0.txt
expect_eq "--retries -1 exit code" "$?" "64"
"$METRON" exec h.bench --out "$WORK/bad" --timeout abc > /dev/null 2> e0.txt
expect_eq "exec --timeout abc exit code" "$?" "64"
expect_grep "exec --timeout abc message" "timeout: expected seconds above 0, got 'abc'" e0.txt
[ ! -e "$WORK/bad" ] && pass "nothing created on a usage error" || fail "created $WORK/bad"
# Cases 1 and 6 wait out their limits (12.5 s, then a retry; 2 s, then the 5 s grace) while
# their launches sleep: they run in the background during cases 2-5, and are checked last.
# 1. Rank 1 stops in job 1 of the first launch (once). The deadline comes from the plan:
#    start-up limit 10 s + 2 jobs x (1.25 x 0.2 s + 1 s) = 12.5 s (noisy_job = flag: a job that
#    may be measured again is budgeted for each attempt, unit/launch_deadline checks that).
start=$(date +%s)
METRON_TEST_HANG=1:job:1 METRON_TEST_HANG_ONCE="$WORK/once1" \
  timeout 120 "$METRON" run h.bench --out "$WORK/out1" --seed 5 --startup-timeout 10 \
  > o1.txt 2> e1.txt &
case1=$!

# 6. A launcher that ignores SIGTERM and leaves a process in a session of its own (as Hydra's
#    proxies and ranks are): SIGKILL after the grace period, and the escaped process is found
#    (metron run is their subreaper) and killed too.
cat > stubborn.sh <<'S'
trap '' TERM
setsid sleep 299.123 &
sleep 299.124
S
timeout 120 "$METRON" run h.bench --out "$WORK/out5" --replicates 1 --launch-timeout 2 \
  --retries 0 --launcher "bash $WORK/stubborn.sh {dir}" > o5.txt 2> e5.txt &
case6=$!

# 7. exec --timeout when rank 0 started 1.5 s after rank 1: rank 1's deadline comes first, and
#    it must leave the ending to rank 0 (which records the timeout and exits 70 with MPI_Abort):
#    when rank 1 exited first, mpiexec killed rank 0 before it wrote its manifest, and Hydra
#    reported the kill (exit 9) instead of 70 when it reaped rank 0 before its last pipe closed.
METRON_TEST_HANG=1:job:1 timeout 120 $MPIEXEC -n 1 bash -c "sleep 1.5; exec $METRON exec h.bench \
  --out $WORK/x7 --timeout 3 --quiet" : -n 1 "$METRON" exec h.bench --out "$WORK/x7" --timeout 3 \
  --quiet > o7.txt 2> e7.txt &
case7=$!

# 2. Rank 1 never gets past MPI_Init, --retries 0: killed at the start-up limit, the launch and
#    the run fail, exit 70, nothing left running.
METRON_TEST_HANG=1:init timeout 120 "$METRON" run h.bench --out "$WORK/out2" --replicates 1 \
  --startup-timeout 3 --retries 0 > o2.txt 2> e2.txt
expect_eq "failed run exit code" "$?" "70"
expect_eq "left behind after the failed run" "$(left_behind out2)" "0"
expect_eq "run status" "$(run_status out2/manifest.json)" "failed"
expect_grep "failure message" "launch 0 failed (killed: no job started within the start-up limit of 3 s)" e2.txt
expect_eq "reason" "$(jqv '.launches[0].timeout.reason' out2/manifest.json)" "startup_timeout"
expect_eq "one attempt" "$(jqv '.launches[0].attempts | length' out2/manifest.json)" "1"
expect_eq "no retry" "$(jqv '.launches[0].retries' out2/manifest.json)" "0"
expect_eq "limits recorded" "$(jqv '.limits.retries' out2/manifest.json)" "0"

# 3. --launch-timeout replaces the plan's deadline.
METRON_TEST_HANG=0:job:0 timeout 120 "$METRON" run h.bench --out "$WORK/out3" --replicates 1 \
  --launch-timeout 4 --startup-timeout 30 --retries 0 > o3.txt 2> e3.txt
expect_eq "launch-timeout exit code" "$?" "70"
expect_eq "left behind after --launch-timeout" "$(left_behind out3)" "0"
expect_eq "deadline source" "$(jqv '.launches[0].deadline_from' out3/manifest.json)" "option"
expect_eq "limit from option" "$(jqv '.launches[0].timeout.limit_from' out3/manifest.json)" "option"
expect_grep "failure message" "launch 0 failed (killed: still running at its deadline of 4 s in job 0" e3.txt

# 4. exec --timeout: the launch ends itself, its manifest says where.
METRON_TEST_HANG=1:job:1 timeout 120 $MPIEXEC -n 2 "$METRON" exec h.bench --out "$WORK/x" \
  --timeout 3 --quiet > o4.txt 2> e4.txt
expect_eq "exec --timeout exit code" "$?" "70"
expect_eq "exec status" "$(jqv '.status' x/manifest.json)" "timeout"
expect_eq "exec job" "$(jqv '.timeout.job.id' x/manifest.json)" "1"
expect_eq "exec jobs done" "$(jqv '.timeout.jobs_done' x/manifest.json)" "1"
expect_grep "exec message" "error: the launch timed out: still running after 3 s (--timeout) in job 1 (block 'h', Synthetic 2 B)" e4.txt
expect_eq "left behind after exec" "$(left_behind x)" "0"

# 5. exec --timeout in the launcher template: the launch ends itself ("status": "timeout" in its
#    manifest), which metron run treats as a hang too: recorded and retried.
METRON_TEST_HANG=1:job:0 METRON_TEST_HANG_ONCE="$WORK/once6" timeout 120 "$METRON" run h.bench \
  --out "$WORK/out6" --replicates 1 --startup-timeout 30 \
  --launcher "$MPIEXEC -n {np} {metron} exec {script} --out {dir} --launch {launch} --levels {levels} --seed {seed} --quiet --timeout 3" \
  > o6.txt 2> e6.txt
expect_eq "exec-timeout retried run exit code" "$?" "0"
expect_eq "exec-timeout attempt" "$(jqv '.launches[0].attempts[0].timeout.limit_from' out6/manifest.json)" "exec"
expect_eq "exec-timeout job" "$(jqv '.launches[0].attempts[0].timeout.job.id' out6/manifest.json)" "0"
expect_grep "exec-timeout retry reported" "launch 0 timed out: the launch's own --timeout of 3 s passed in job 0 (block 'h', Synthetic 1 B); retry 1 of 1" e6.txt
expect_eq "exec-timeout merged summary rows" "$(($(wc -l < out6/summary.csv) - 1))" "2"

# Checks of case 1.
wait $case1
expect_eq "retried run exit code" "$?" "0"
expect_eq "left behind after the retried run" "$(left_behind out1)" "0"
expect_eq "run status" "$(run_status out1/manifest.json)" "complete"
expect_eq "deadline from the plan" "$(jqv '.launches[0].deadline_s' out1/manifest.json)" "12.5"
expect_eq "deadline source" "$(jqv '.launches[0].deadline_from' out1/manifest.json)" "plan"
expect_eq "deadline jobs part" "$(jqv '.launches[0].deadline.jobs_s' out1/manifest.json)" "2.5"
expect_eq "retried launches" "$(jqv '.retried_launches' out1/manifest.json)" "1"
first=$(jqv '.order[0]' out1/manifest.json)
e=".launches[0]"
expect_eq "first launch complete" "$(jqv "$e.status" out1/manifest.json)" "complete"
expect_eq "two attempts" "$(jqv "$e.attempts | length" out1/manifest.json)" "2"
expect_eq "reason" "$(jqv "$e.attempts[0].timeout.reason" out1/manifest.json)" "timeout"
expect_eq "limit" "$(jqv "$e.attempts[0].timeout.limit_s" out1/manifest.json)" "12.5"
expect_eq "job it was in" "$(jqv "$e.attempts[0].timeout.job.id" out1/manifest.json)" "1"
expect_eq "jobs done before" "$(jqv "$e.attempts[0].timeout.jobs_done" out1/manifest.json)" "1"
after=$(jqv "$e.attempts[0].timeout.after_s" out1/manifest.json)
awk -v a="$after" 'BEGIN{exit !(a >= 12.5 && a < 60)}' && pass "killed at the deadline ($after s)" ||
  fail "killed after $after s, deadline 12.5 s"
expect_eq "killed attempt kept" "$(jqv "$e.attempts[0].dir" out1/manifest.json)" "attempts/$first-1"
[ -f "out1/attempts/$first-1/raw.csv" ] && pass "killed attempt's files" || fail "no attempts/$first-1"
expect_grep "retry reported" "launch $first killed: still running at its deadline of 12.5 s (from the plan) in job 1 (block 'h', Synthetic 2 B); retry 1 of 1" e1.txt
expect_grep "analysis says so" "1 launch needed a retry" o1.txt
# The killed attempt had finished job 0: none of its rows may reach the merged files.
expect_eq "merged summary rows" "$(($(wc -l < out1/summary.csv) - 1))" "4"
expect_eq "merged raw rows" "$(($(wc -l < out1/raw.csv) - 1))" "12"
expect_eq "raw rows of the retried launch" "$(awk -F, -v l="$first" 'NR>1 && $1==l' out1/raw.csv | wc -l)" "6"
echo "case 1 took $(($(date +%s) - start)) s"


# Checks of case 7.
wait $case7
expect_eq "exec --timeout, rank 0 started late: exit code" "$?" "70"
expect_eq "exec --timeout, rank 0 started late: status" "$(jqv '.status' x7/manifest.json)" "timeout"
expect_eq "exec --timeout, rank 0 started late: job" "$(jqv '.timeout.job.id' x7/manifest.json)" "1"
expect_grep "exec --timeout, rank 0 started late: message" "error: the launch timed out: still running after 3 s (--timeout) in job 1 (block 'h', Synthetic 2 B)" e7.txt
expect_eq "exec --timeout, rank 0 started late: only metron's error" "$(grep -c . e7.txt | tr -d ' ')" "$(grep -c '^metron: ' e7.txt | tr -d ' ')"
expect_eq "left behind after exec, rank 0 started late" "$(left_behind x7)" "0"

# Checks of case 6.
wait $case6
expect_eq "stubborn launcher exit code" "$?" "70"
expect_eq "SIGKILL needed" "$(jqv '.launches[0].timeout.sigkilled' out5/manifest.json)" "true"
expect_eq "processes it left" "$(jqv '.launches[0].timeout.left_behind' out5/manifest.json)" "2"
expect_eq "none left running" "$(pgrep -f 'sleep 299.12[34]' | wc -l)" "0"
finish
