# A launch whose MPI size differs from the planned np is refused with the reason (the singletons
# of a bare srun, simulated by processes started without mpiexec and SLURM_NTASKS set); a results
# folder has one writer (a second exec or run --resume on a folder in use is refused, naming the
# holder's pid and host).
source "$(dirname "$0")/lib.sh"
cat > s.bench <<'B'
set reps = 5
begin measurement "b"
  measure MPI_COMM_WORLD : Barrier()
end measurement
B
# srun -n 2 without --mpi=pmi2: two processes, each a 1-rank MPI job, in one folder.
SLURM_NTASKS=2 timeout 120 "$METRON" run s.bench --replicates 1 --np 2 --out single --seed 3 --quiet \
  --launcher "sh -c '{metron} exec {script} --out {dir} --quiet & {metron} exec {script} --out {dir} --quiet; wait'" \
  > stdout.txt 2> stderr.txt
expect_eq "singletons: run fails" "$?" "70"
expect_grep "singletons: the reason" "srun started 2 singletons (SLURM_NTASKS = 2, but each process is a 1-rank MPI job; the run planned 2 ranks): add --mpi=pmi2, or use mpiexec inside the allocation" stderr.txt
expect_eq "singletons: no rows written" "$(ls single/launches/0 | grep -c csv)" "0"
expect_grep "singletons: launch failed" '"status": "failed"' single/manifest.json
# Two `mpiexec -n 1` in one folder (PMI_SIZE says 1): the generic reason.
timeout 120 "$METRON" run s.bench --replicates 1 --np 2 --out two --seed 3 --quiet \
  --launcher "sh -c '$MPIEXEC -n 1 {metron} exec {script} --out {dir} --quiet & $MPIEXEC -n 1 {metron} exec {script} --out {dir} --quiet; wait'" \
  > stdout.txt 2> stderr.txt
expect_eq "two singletons under mpiexec: run fails" "$?" "70"
expect_grep "mpiexec singletons: the reason" "MPI started 1 rank but the run planned 2: the launcher template must start {np} ranks of one MPI job" stderr.txt
# exec alone (no planned np) under a bare srun: a warning, and the lock keeps the second out.
SLURM_NTASKS=2 "$METRON" exec s.bench --out alone --quiet 2> warn.txt
expect_eq "exec alone: runs" "$?" "0"
expect_grep "exec alone: warning" "metron: warning: srun started 2 processes but MPI sees 1 rank" warn.txt
# A folder in use: a run whose launch sleeps holds its folder; a second writer is refused.
# Its launcher exits 0 on SIGTERM, as mpiexec may: the launch still records the signal.
"$METRON" run s.bench --replicates 1 --np 1 --out busy --seed 3 --quiet \
  --launcher "sh -c 'trap \"exit 0\" TERM; sleep 20 & wait'" > /dev/null 2>&1 &
holder=$!
for _ in $(seq 1 100); do grep -q '"status": "running"' busy/manifest.json 2> /dev/null && break; sleep 0.1; done
"$METRON" run --resume busy --quiet > stdout.txt 2> stderr.txt
expect_eq "resume of a folder in use: usage error" "$?" "64"
expect_grep "resume of a folder in use: holder named" "error: results folder 'busy' is in use by pid $holder on host '$(hostname)' (one writer per folder)" stderr.txt
kill $holder; wait $holder 2> /dev/null
expect_eq "interrupted launch: its signal, no exit code" \
  "$(jq -r '.launches[0] | "\(.status) \(.signal) \(.exit_code)"' busy/manifest.json)" "interrupted 15 null"
# exec: a launch folder locked by another exec.
mkdir held && (exec 9> held/.metron.lock; flock -x 9; echo "4242 otherhost" >&9; sleep 20) > /dev/null 2>&1 &
locker=$!
for _ in $(seq 1 100); do grep -q otherhost held/.metron.lock 2> /dev/null && break; sleep 0.1; done
"$MPIEXEC" -n 2 "$METRON" exec s.bench --out held --quiet 2> stderr.txt
expect_eq "exec into a folder in use: usage error" "$?" "64"
expect_grep "exec into a folder in use: holder named" "error: results folder 'held' is in use by pid 4242 on host 'otherhost' (one writer per folder)" stderr.txt
expect_eq "exec into a folder in use: nothing written" "$(ls held)" ""
kill $locker 2> /dev/null; wait 2> /dev/null
# The holder as the lock file says it: nothing (another process) or a pid without a host.
for who in "" "4243"; do
  rm -rf held2 && mkdir held2
  (exec 9> held2/.metron.lock; flock -x 9; printf '%s' "$who" >&9; touch held2/.ready; sleep 20) > /dev/null 2>&1 &
  locker=$!
  for _ in $(seq 1 100); do [ -e held2/.ready ] && break; sleep 0.1; done
  "$MPIEXEC" -n 2 "$METRON" exec s.bench --out held2 --quiet 2> stderr.txt
  expect_eq "exec into a folder in use ('$who'): usage error" "$?" "64"
  kill $locker 2> /dev/null; wait 2> /dev/null
  cp stderr.txt "held_by_${who:-nobody}.txt"
done
expect_grep "holder unknown" "error: results folder 'held2' is in use by another process (one writer per folder)" held_by_nobody.txt
expect_grep "holder without a host" "error: results folder 'held2' is in use by pid 4243 (one writer per folder)" held_by_4243.txt
# The scheduler context in the run and launch manifests, the binding each rank got, and compare
# naming the differences (simulated Slurm variables; tests/e2e/slurm_run.sh uses a real Slurm).
EXEC_ARGS="{metron} exec {script} --out {dir} --launch {launch} --levels {levels} --seed {seed} --quiet"
SLURM_JOB_ID=77 SLURM_JOB_PARTITION=debug SLURM_CPUS_PER_TASK=1 timeout 120 "$METRON" run s.bench --replicates 1 \
  --np 2 --out ja --seed 3 --quiet --launcher "$MPIEXEC -bind-to core -n {np} $EXEC_ARGS" > /dev/null 2>&1
expect_eq "scheduler run: exit code" "$?" "0"
SLURM_JOB_ID=78 SLURM_JOB_PARTITION=long timeout 120 "$METRON" run s.bench --replicates 1 --np 2 --out jb --seed 3 \
  --quiet --launcher "$MPIEXEC -bind-to none -n {np} $EXEC_ARGS" > /dev/null 2>&1
expect_eq "scheduler run b: exit code" "$?" "0"
# A finished folder keeps no lock file: the run's and each launch's are removed when they end.
expect_eq "finished run: no lock file left" "$(find ja -name .metron.lock | wc -l)" "0"
"$MPIEXEC" -n 2 "$METRON" exec s.bench --out ex --quiet
expect_eq "finished exec: no lock file left" "$(ls -A ex | grep -c metron.lock)" "0"
# A template that does not pass the run's seed: the launch records seed 0, is not merged, and
# the run says what the template lacks.
timeout 120 "$METRON" run s.bench --replicates 1 --np 2 --out jc --seed 3 --quiet \
  --launcher "$MPIEXEC -n {np} {metron} exec {script} --out {dir} --quiet" > /dev/null 2> stderr.txt
expect_eq "template without --seed: exit code" "$?" "74"
expect_eq "template without --seed: messages" "$(cat stderr.txt)" \
  "metron: error: the launch folder 'jc/launches/0' does not belong to this run: its seed is 0, the run's is 3; move the folder away to run that launch again
metron: a launch this run ran wrote another identity: the launcher template must pass '--launch {launch} --levels {levels} --seed {seed}' to metron exec (docs/experiments.md, Launcher template)"
{
  jq -r '"run \(.scheduler.job_id) \(.scheduler.partition) \(.scheduler.cpus_per_task)"' ja/manifest.json
  jq -r '"entry \(.launches[0].job_id) \(.launches[0].attempts[0].job_id)"' ja/manifest.json
  jq -r '"launch \(.system.scheduler.job_id) \(.system.ranks_pinned)"' ja/launches/0/manifest.json
  jq -r '"ranks " + ([.system.ranks[] | "\(.rank):\(.cpus != ""):\(.pinned)"] | join(" "))' ja/launches/0/manifest.json
} > sched.txt
expect_eq "scheduler context recorded" "$(cat sched.txt)" "run 77 debug 1
entry 77 77
launch 77 2
ranks 0:true:true 1:true:true"
"$METRON" compare ja jb > cmp.txt 2>&1
expect_grep "compare names the partition" "slurm partition: 'debug' (A) vs 'long' (B)" cmp.txt
expect_grep "compare names the binding" "binding (CPUs of each rank)" cmp.txt
finish
