# metron run under a real Slurm (Debian's slurmctld, slurmd, munge): a one-node cluster on this
# machine, started by this test and stopped when it ends. sbatch of a replicated run with the
# default launcher (Hydra starts the ranks through Slurm) and with the srun template of
# docs/experiments.md (--mpi=pmi2); the srun template without --mpi=pmi2 is refused with the
# reason; the self-resuming sbatch template of the docs resumes under a second job id.
# Prints "skipped: no slurm" and passes where the daemons are not installed or cannot start.
source "$(dirname "$0")/lib.sh"
skip() { echo "skipped: no slurm ($1)"; exit 0; }
for cmd in munged slurmctld slurmd sbatch sinfo; do
  command -v "$cmd" > /dev/null || skip "$cmd not installed"
done
D=$WORK/slurm
mkdir -p "$D/state" "$D/spool"
PIDS=()
stop_daemons() {
  for p in "${PIDS[@]}"; do kill "$p" 2> /dev/null; done
  for p in "${PIDS[@]}"; do wait "$p" 2> /dev/null; done
  rm -rf "$WORK"
}
trap stop_daemons EXIT
host=$(hostname -s)
user=$(id -un)
# Ports of this test only (parallel runs and other clusters keep theirs).
port=$((20000 + $$ % 20000))
dd if=/dev/urandom of="$D/munge.key" bs=1024 count=1 2> /dev/null
chmod 600 "$D/munge.key"
cat > "$D/slurm.conf" << C
ClusterName=metrontest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=$user
SlurmdUser=$user
AuthType=auth/munge
AuthInfo=socket=$D/munge.sock
CredType=cred/munge
StateSaveLocation=$D/state
SlurmdSpoolDir=$D/spool
SlurmctldPidFile=$D/slurmctld.pid
SlurmdPidFile=$D/slurmd.pid
SlurmctldLogFile=$D/slurmctld.log
SlurmdLogFile=$D/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
SchedulerType=sched/builtin
# Batch jobs start as soon as the node is free: with the default delay each of the five waited
# about 2 s in PENDING on the idle node (the test took 18.5 s, now 10.5 s).
SchedulerParameters=batch_sched_delay=0
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc)
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
C
export SLURM_CONF=$D/slurm.conf
munged --foreground --force --key-file="$D/munge.key" --socket="$D/munge.sock" \
  --pid-file="$D/munged.pid" --log-file="$D/munged.log" --seed-file="$D/munge.seed" \
  > "$D/munged.out" 2>&1 &
PIDS+=($!)
for _ in $(seq 1 50); do [ -S "$D/munge.sock" ] && break; sleep 0.1; done
[ -S "$D/munge.sock" ] || skip "munged did not start"
slurmctld -D -f "$SLURM_CONF" > "$D/slurmctld.out" 2>&1 &
PIDS+=($!)
slurmd -D -f "$SLURM_CONF" -N "$host" > "$D/slurmd.out" 2>&1 &
PIDS+=($!)
for _ in $(seq 1 100); do
  [ "$(sinfo -h -o %t 2> /dev/null)" == "idle" ] && break
  sleep 0.2
done
[ "$(sinfo -h -o %t 2> /dev/null)" == "idle" ] || skip "the node did not come up: $(tail -2 "$D"/slurm*.log)"

# No warm-up: this test is about the launch under Slurm, not about the times measured.
cat > s.bench << 'B'
set reps = 5
set warmup = 0
begin measurement "b"
  for count = 1 to 64 step *64 do
    measure MPI_COMM_WORLD : Bcast(count, MPI_CHAR, 0)
  od
end measurement
B
SRUN_TEMPLATE='srun -n {np} --mpi=pmi2 {metron} exec {script} --out {dir} --launch {launch} --levels {levels} --seed {seed} --quiet'
# wait_job ID: polls the job every 0.1 s until it ends (at most 90 s); prints the id and
# returns the job's exit code, as `sbatch --wait` would. sbatch --wait itself polls at 2, 4, 8,
# then 10 s intervals, which made the waits most of this test's time.
wait_job() {
  local line state code
  for _ in $(seq 1 900); do
    line=$(scontrol -o show job "$1" 2> /dev/null)
    state=$(sed -n 's/.* JobState=\([A-Z_]*\) .*/\1/p' <<< "$line")
    case $state in
      PENDING | CONFIGURING | RUNNING | COMPLETING | "") sleep 0.1 ;;
      *)
        code=$(sed -n 's/.* ExitCode=\([0-9]*\):.*/\1/p' <<< "$line")
        echo "$1"
        return "${code:-1}"
        ;;
    esac
  done
  echo "$1"
  return 124
}
# submit JOBFILE NAME: sbatch, then wait_job.
submit() {
  local id
  id=$(sbatch --parsable -n 2 -o "$2.out" "$1" 2> "$2.err") || return 1
  wait_job "$id"
}
check_run() {  # NAME JOBID: two launches of 2 ranks, 4 summary rows, the job in every manifest
  local d=$1 job=$2
  expect_eq "$d: run status" "$(grep -o '^  "status": "[a-z]*"' "$d/manifest.json" | sed 's/.*: "\(.*\)"/\1/')" "complete"
  expect_eq "$d: merged summary rows (2 launches x 2 jobs)" "$(($(wc -l < "$d/summary.csv") - 1))" "4"
  expect_eq "$d: launches in summary" "$(column launch "$d/summary.csv" | sort -u | tr '\n' ' ')" "0 1 "
  {
    jq -r '"run \(.scheduler.job_id) \(.scheduler.partition) \(.scheduler.ntasks)"' "$d/manifest.json"
    jq -r '.launches | sort_by(.id)[] | "\(.id) \(.job_id)"' "$d/manifest.json" | while read -r id jid; do
      echo "launch $id $jid $(jq -r '"\(.np) \(.system.scheduler.job_id) \(.system.ranks | length) \([.system.ranks[].host] | unique | length == 1)"' "$d/launches/$id/manifest.json")"
    done
  } > "$d.facts"
  expect_eq "$d: job id, ranks and nodes in the manifests" "$(cat "$d.facts")" "run $job debug 2
launch 0 $job 2 $job 2 true
launch 1 $job 2 $job 2 true"
}

# The docs' commands: sbatch --wrap and salloc with the default launcher.
job=$(sbatch --parsable -n 2 -o default.out --wrap "\"$METRON\" run s.bench --np 2 --replicates 2 --seed 5 --out default --quiet" 2> default.err)
job=$(wait_job "$job")
expect_eq "default launcher (sbatch --wrap): job exit code" "$?" "0"
check_run default "$job"
timeout 90 salloc -n 2 "$METRON" run s.bench --np 2 --replicates 1 --seed 5 --out salloc --quiet > salloc.out 2>&1
expect_eq "default launcher (salloc): exit code" "$?" "0"
expect_grep "salloc: the job in the manifest" '"job_id": "[0-9]' salloc/launches/0/manifest.json

printf '#!/bin/bash\n"%s" run s.bench --np 2 --replicates 2 --seed 5 --out srun --quiet --launcher "%s"\n' "$METRON" "$SRUN_TEMPLATE" > srun.sh
job=$(submit srun.sh srun)
expect_eq "srun template: job exit code" "$?" "0"
check_run srun "$job"

# Without --mpi=pmi2, srun starts singletons: every launch is refused with the reason.
printf '#!/bin/bash\n"%s" run s.bench --np 2 --replicates 2 --seed 5 --out wrong --quiet --launcher "%s"\n' "$METRON" "${SRUN_TEMPLATE/ --mpi=pmi2/}" > wrong.sh
submit wrong.sh wrong > /dev/null
expect_eq "srun without --mpi=pmi2: run fails" "$?" "70"
expect_grep "srun without --mpi=pmi2: the reason" "srun started 2 singletons (SLURM_STEP_NUM_TASKS = 2, but each process is a 1-rank MPI job; the run planned 2 ranks): add --mpi=pmi2, or use mpiexec inside the allocation" wrong.out
expect_eq "srun without --mpi=pmi2: nothing merged" "$(ls wrong | grep -c summary.csv)" "0"

# srun --cpu-bind=cores on a cluster without a binding plugin (TaskPlugin=task/none): the ranks
# stay unpinned, and metron says so (with one CPU, every rank is pinned and nothing is said).
printf '#!/bin/bash\n"%s" run s.bench --replicates 1 --np 2 --seed 5 --out bind --quiet --launcher "%s"\n' "$METRON" "${SRUN_TEMPLATE/--mpi=pmi2/--mpi=pmi2 --cpu-bind=cores}" > bind.sh
submit bind.sh bind > /dev/null
expect_eq "srun --cpu-bind=cores: job exit code" "$?" "0"
if [ "$(nproc)" -ge 2 ]; then
  expect_grep "binding that did not take effect: warned" "metron: warning: srun was asked to bind (SLURM_CPU_BIND_TYPE=cores" bind.out
  expect_grep "binding that did not take effect: in the manifest" '"ranks_pinned": 0' bind/launches/0/manifest.json
fi
# The self-resuming template of docs/experiments.md: a second job resumes the folder.
sed -n '/^#!\/bin\/bash/,/^fi$/p' "$SRC/docs/experiments.md" | sed "s|metron run|\"$METRON\" run|; s|bcast.bench|s.bench|; s|--replicates 10|--replicates 2|" > requeue.sh
expect_grep "docs template extracted" "--resume" requeue.sh
job1=$(submit requeue.sh requeue)
expect_eq "sbatch template: first job" "$?" "0"
job2=$(submit requeue.sh requeue)
expect_eq "sbatch template: second job resumes" "$?" "0"
expect_eq "sbatch template: resumed by the second job" \
  "$(jq -r '"\(.scheduler.job_id) \([.resumed[].scheduler.job_id] | join(",")) \(.status)"' results/bcast/manifest.json)" \
  "$job1 $job2 complete"
finish
