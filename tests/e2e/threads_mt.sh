# Threaded operations (IMB-MT, osu_latency_mt): metron run asks MPI for MPI_THREAD_MULTIPLE and
# the manifest records the level; exec under a bare mpiexec refuses the plan with a message that
# says how; a bad METRON_THREAD_LEVEL and threads out of range are refused; verify = on passes.
source "$(dirname "$0")/lib.sh"
cat > t.bench <<'B'
set reps = 5
set verify = on
begin measurement "mt"
  for threads in [1, 2] do
    measure MPI_COMM_WORLD : PingPongMT(8, MPI_CHAR, threads = threads)
    measure MPI_COMM_WORLD : Latency_mt(8, MPI_CHAR, threads = threads)
    measure MPI_COMM_WORLD : Latency_mt(8, MPI_CHAR, threads = threads, one_sender = 0)
  od
end measurement
B
# A bare mpiexec: MPI_Init gives MPI_THREAD_SINGLE, and the plan is refused before any job.
expect_fails "exec without a thread level" 64 \
  "metron: error: 'PingPongMT' runs 2 threads per rank and needs MPI_THREAD_MULTIPLE, but this MPI provides MPI_THREAD_SINGLE (metron run asks for it; with metron exec under mpiexec set METRON_THREAD_LEVEL=multiple)" \
  timeout 60 $MPIEXEC -n 2 "$METRON" exec t.bench --out refused --quiet
[ -e refused/manifest.json ] && fail "a refused plan wrote results" || pass "no results for a refused plan"
expect_fails "a bad METRON_THREAD_LEVEL" 64 \
  "metron: error: the environment variable METRON_THREAD_LEVEL is 'many': expected single, funneled, serialized or multiple" \
  env METRON_THREAD_LEVEL=many timeout 60 $MPIEXEC -n 2 "$METRON" exec t.bench --out bad --quiet
# With the level asked for, exec runs and records it.
METRON_THREAD_LEVEL=multiple timeout 60 $MPIEXEC -n 2 "$METRON" exec t.bench --out ex --quiet \
  > ex.out 2> ex.err
expect_eq "exec with METRON_THREAD_LEVEL=multiple: exit code" "$?" "0"
expect_grep "manifest: provided level" '"mpi_thread_level": "MPI_THREAD_MULTIPLE"' ex/manifest.json
expect_grep "manifest: requested level" '"mpi_thread_level_requested": "MPI_THREAD_MULTIPLE"' ex/manifest.json
expect_eq "summary rows" "$(($(wc -l < ex/summary.csv) - 1))" "6"
expect_eq "threads column" "$(column var_threads ex/summary.csv | tr '\n' ' ')" "1 1 1 2 2 2 "
# metron run asks for MPI_THREAD_MULTIPLE by itself.
timeout 120 "$METRON" run t.bench --replicates 1 --np 2 --out run --quiet > run.out 2> run.err
expect_eq "run: exit code" "$?" "0"
expect_grep "run: a launch recorded the level" '"mpi_thread_level": "MPI_THREAD_MULTIPLE"' \
  "$(grep -rl mpi_thread_level run | head -1)"
# threads is checked like any argument: 1 to 256.
cat > zero.bench <<'B'
measure MPI_COMM_WORLD : AllreduceMT(8, threads = 0)
B
"$METRON" check zero.bench > check.out 2> check.err
expect_eq "threads = 0: exit code" "$?" "65"
expect_grep "threads = 0: message" "error: threads 0 is outside \[1, 256\]" check.err
finish
