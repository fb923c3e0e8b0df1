# A rank that never returns from MPI_Finalize (a known class of MPI-stack bugs at exit) costs a
# launch its finalize grace, not its deadline: once every rank's data are written and
# acknowledged, the grace passes, the launch ends, its data are kept and merged, and the launch is
# marked ("finalize did not return within 5 s; data complete") without a retry. The bug is a
# PMPI wrapper built here and loaded with LD_PRELOAD from the environment, as a reader's broken
# MPI stack would be; `metron exec` alone ends too. A launcher whose own process does not end
# after the data are complete is ended by `metron run`.
source "$(dirname "$0")/lib.sh"
command -v mpicc.mpich > /dev/null || { echo "skipped: no mpicc.mpich"; finish; }
# World rank 1 never returns (it sleeps, as a rank stuck in a transport's teardown would hold the
# exit); rank 0 enters the real MPI_Finalize, where the process manager's exit may wait for it.
cat > hang.c <<'C'
#include <mpi.h>
#include <unistd.h>
int MPI_Finalize(void) {
  int rank = 0;
  PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 1)
    for (;;) pause();
  return PMPI_Finalize();
}
C
mpicc.mpich -shared -fPIC -o libhang.so hang.c || { fail "cannot build the PMPI wrapper"; finish; }
cat > f.bench <<'B'
replicate 2
set reps = 5
set warmup = 0
begin measurement "f"
  measure MPI_COMM_WORLD : Synthetic(1, time = 10us)
  measure MPI_COMM_WORLD : Synthetic(2, time = 10us)
end measurement
B

# exec alone: rank 0 records the note in its manifest and says it; the exit code is the data's.
LD_PRELOAD="$WORK/libhang.so" timeout 120 $MPIEXEC -n 2 "$METRON" exec f.bench --out ex --quiet \
  > ex.out 2> ex.err
rc=$?
expect_eq "exec: exit 0, the data are complete" "$rc" "0"
# Once in a CI run the launcher exited 1 with the data complete and the note printed (not
# reproduced in 30 tries since, with and without load; Hydra's capture of exit codes has known
# races, pmodels/mpich issue 7057): show what it said, should that happen again.
[ "$rc" == "0" ] || { echo "--- ex.err:"; cat ex.err; echo "--- ex.out:"; cat ex.out; }
expect_grep "exec: the note" "^metron: warning: MPI_Finalize did not return within 5 s; data complete: ending the launch without it$" ex.err
expect_eq "exec: status complete" "$(jq -r .status ex/manifest.json)" "complete"
expect_eq "exec: the manifest records it" "$(jq -c .finalize ex/manifest.json)" \
  '{"ended_by":"exec","grace_s":5,"returned":false}'
expect_eq "exec: both jobs kept" "$(($(wc -l < ex/summary.csv) - 1))" "2"

# metron run: two launches, each ended by its ranks' grace (1 s), neither retried nor killed at
# its deadline, both merged, each marked in the run manifest and the progress output.
LD_PRELOAD="$WORK/libhang.so" timeout 300 "$METRON" run f.bench --out run --seed 3 \
  --finalize-grace 1 --launch-timeout 100 > run.out 2> run.err
expect_eq "run: exit 0" "$?" "0"
expect_eq "run: status complete" "$(jq -r .status run/manifest.json)" "complete"
expect_eq "run: both launches merged" "$(jq -c .merged.launches run/manifest.json)" "[0,1]"
expect_eq "run: no retry" "$(jq '[.launches[].attempts | length] | add' run/manifest.json)" "2"
expect_eq "run: none killed at its deadline" \
  "$(jq '[.launches[] | select(.duration_s < 100)] | length' run/manifest.json)" "2"
expect_eq "run: each marked" \
  "$(jq -c '[.launches[].finalize] | unique' run/manifest.json)" '[{"ended_by":"exec","grace_s":1,"returned":false}]'
expect_grep "run: the note for people" "^metron: launch 0: MPI_Finalize did not return within 1 s; data complete: the launch was ended and its data kept$" run.err
expect_eq "run: the note in the manifest" "$(jq -r '.launches[] | select(.id == 1) | .note' run/manifest.json)" \
  "launch 1: MPI_Finalize did not return within 1 s; data complete: the launch was ended and its data kept"
expect_no_grep "run: nothing failed" "failed" run.err
expect_eq "run: the grace travels to each launch" \
  "$(jq -r '.launches[0].argv | index("--finalize-grace") != null' run/manifest.json)" "true"
expect_eq "run: no marker left" "$(ls -A run/launches | grep -c done)" "0"

# A launcher that does not end after the launch's data are complete (here: a wrapper that waits
# on): `metron run` ends its process tree 4 s after the grace.
printf '"$@"\nsleep 600\n' > linger.sh
timeout 300 "$METRON" run f.bench --out lin --seed 3 --replicates 1 --finalize-grace 1 \
  --launcher "bash $WORK/linger.sh $MPIEXEC -n {np} {metron} exec {script} --out {dir} --launch {launch} --levels {levels} --seed {seed} --quiet" \
  > lin.out 2> lin.err
expect_eq "linger: exit 0" "$?" "0"
expect_eq "linger: ended by metron run" "$(jq -c '.launches[0].finalize' lin/manifest.json)" \
  '{"ended_by":"run","grace_s":1,"returned":false}'
expect_eq "linger: merged" "$(jq -c .merged.launches lin/manifest.json)" "[0]"
expect_eq "linger: no sleeping wrapper left" "$(pgrep -f -- "$WORK/linger.sh" | wc -l)" "0"
finish
