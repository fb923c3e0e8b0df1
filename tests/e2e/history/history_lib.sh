# Helpers of the history tests (history_sqlite.sh, history_postgres.sh), sourced after lib.sh:
# a tiny script with a Bcast (the operation the PMPI wrapper slows down) and a Synthetic job,
# runs of it with three launches each, and the launcher that preloads the wrapper.
HISTORY_DIR=$(dirname "${BASH_SOURCE[0]}")

cat > h.bench <<'B'
set reps = 30
set warmup = 0
begin measurement "h"
  measure comm(2) : Bcast(1, MPI_CHAR, 0)
  measure comm(2) : Synthetic(1, 20us)
end measurement
B

# build_delay: libdelay.so from pmpi_delay.c (MPICH's compiler wrapper), or a failure.
build_delay() {
  if mpicc.mpich -shared -fPIC -O2 -o "$WORK/libdelay.so" "$HISTORY_DIR/pmpi_delay.c" 2> cc.err; then
    pass "the PMPI wrapper builds"
  else
    fail "mpicc.mpich cannot build the PMPI wrapper (Debian: libmpich-dev)"
    cat cc.err
    finish
  fi
}

# MPICH's launcher (the wrapper is built against MPICH, as metron is), with the wrapper preloaded
# into the ranks only (-genv): the launches of a run made with it are 500 us slower per Bcast;
# script and binary are the same.
SLOW_LAUNCHER="mpiexec.mpich -genv LD_PRELOAD $WORK/libdelay.so -n {np} {metron} exec {script} --out {dir} --launch {launch} --levels {levels} --seed {seed} --quiet"

# history_run N DB [slow]: run N of h.bench (3 launches, seed N) into rN, added with --history.
history_run() {
  local n=$1 db=$2 extra=()
  [ "${3:-}" == "slow" ] && extra=(--launcher "$SLOW_LAUNCHER")
  timeout 120 "$METRON" run h.bench --np 2 --replicates 3 --seed "$n" --out "r$n" --quiet \
    --history "$db" "${extra[@]}" > "run$n.out" 2> "run$n.err"
  expect_eq "run $n${3:+ ($3)}: exit code" "$?" "0"
  expect_grep "run $n: added to the history" "added 'r$n' as run" "run$n.err"
}
