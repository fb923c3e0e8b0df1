# SKaMPI's one-sided functions end to end: a reduced script of Metron's own that calls every
# measurement function SKaMPI's skampi_onesided.ski calls, with the suite's arguments and helpers
# (set_skampi_buffer_mpi_alloc_mem, MPI_INFO_NULL, comm2_max_latency_with_root, assertion and
# lock constants, an info object), runs on 2 ranks with verification; a loop scheme is refused.
source "$(dirname "$0")/lib.sh"
cat > os.ski <<'B'
set reps = 3
set warmup = 0
set verify = on
set_skampi_buffer_mpi_alloc_mem(4mb, MPI_INFO_NULL)
datatype = MPI_INT
num_procs = get_comm_size(MPI_COMM_WORLD)
comm_pt2pt_slow = comm2_max_latency_with_root()
no_assert = 0
hints = info_create()
info_set(hints, "no_locks", "true")
begin measurement "Win_fence"
  for count = 1 to 268435456 step *64 do
    measure MPI_COMM_WORLD : Win_fence_open(count, datatype, MPI_INFO_NULL, no_assert)
  od
  measure MPI_COMM_WORLD : Win_fence_close(8, datatype, hints, no_assert, 1)
  measure MPI_COMM_WORLD : Win_fence_close(8, datatype, MPI_INFO_NULL, no_assert, 0)
  for procs = 1 to num_procs do
    measure comm(procs) : Win_fence_openclose(262144, datatype, MPI_INFO_NULL, 1)
  od
end measurement
begin measurement "pscw"
  for procs = 1 to num_procs do
    measure comm(procs) : Win_start(262144, datatype, MPI_INFO_NULL, MPI_MODE_NOCHECK)
    measure comm(procs) : Win_start_delayed_post(262144, datatype, MPI_INFO_NULL, no_assert, 10000, num_procs-1)
    measure comm(procs) : Win_post(262144, datatype, MPI_INFO_NULL, MPI_MODE_NOSTORE)
    measure comm(procs) : Win_complete(262144, datatype, MPI_INFO_NULL, no_assert, 0)
  od
  measure comm(2) : Win_complete_delayed_wait(1, datatype, MPI_INFO_NULL, no_assert, 1, 500)
  measure comm(2) : Win_wait_delayed_complete(1, datatype, MPI_INFO_NULL, no_assert, 1, 500)
  measure comm(2) : Win_test(262144, datatype, MPI_INFO_NULL, no_assert, 1)
  measure comm(2) : Win_test_delayed(262144, datatype, MPI_INFO_NULL, no_assert, 0, 100)
end measurement
begin measurement "alloc and lock"
  measure comm(2) : Win_create(262144, datatype, MPI_INFO_NULL)
  measure comm(2) : Win_free(262144, datatype, MPI_INFO_NULL, 0)
  measure comm(2) : Win_lock(262144, datatype, MPI_INFO_NULL, MPI_MODE_NOCHECK, MPI_LOCK_SHARED, 1)
  measure comm(2) : Win_unlock(262144, datatype, MPI_INFO_NULL, no_assert, MPI_LOCK_EXCLUSIVE, 1, 1, 0)
end measurement
begin measurement "transfers"
  measure comm_pt2pt_slow : Pingpong_Put_Put(1024, datatype, MPI_INFO_NULL, 1)
  for count = 65536 to ... step *4 do
    measure comm_pt2pt_slow : Put_dedicated(count, datatype, MPI_INFO_NULL)
  od
  measure comm_pt2pt_slow : Put(1024, datatype, MPI_INFO_NULL)
  measure comm_pt2pt_slow : Put_passive(65536, datatype, MPI_INFO_NULL)
  measure comm_pt2pt_slow : Put_fence(65536, datatype, MPI_INFO_NULL)
  measure comm_pt2pt_slow : Combining_Put_fence(128, datatype, MPI_INFO_NULL, 4)
  measure comm_pt2pt_slow : Accumulate(100, datatype, MPI_INFO_NULL, MPI_REPLACE)
  measure comm_pt2pt_slow : Accumulate(100, datatype, MPI_INFO_NULL, MPI_MAX)
  measure comm_pt2pt_slow : Accumulate(100, datatype, MPI_INFO_NULL, MPI_SUM)
end measurement
B
timeout 240 $MPIEXEC -n 2 "$METRON" exec os.ski --out out > stdout.txt 2> stderr.txt
expect_eq "exit code" "$?" "0"
# 4 fence_open sizes (1, 64, 4096, 262144 ints; 2 x 64 MiB for 16777216 do not fit 4 MB: the
# loop ends there, with a warning), 2 fence_close, 2 openclose; 4 x 2 + 4 pscw; 4 alloc and lock; 1 + 2 (65536
# and 262144 ints: 1 MiB each way fits, 4 MiB does not) + 7 transfers.
expect_eq "jobs" "$(($(wc -l < out/summary.csv) - 1))" "34"
expect_eq "every job verified" "$(column verify out/summary.csv | sort -u | tr -d '\n')" "ok"
expect_grep "explicit loop ends where the window stops fitting" \
  "warning: 'Win_fence_open' needs 134217728 bytes of buffer per rank but the buffer has 4194304 bytes: the loop ends here, as in SKaMPI" stderr.txt
expect_grep "Pingpong_Put_Put reports a round trip" "Pingpong_Put_Put 4096 B on 2 ranks: median .* per round_trip" stdout.txt
# The loop schemes time calls back to back: no room for the window set-up.
cat > loop.bench <<'B'
set scheme = loop_mean
measure comm(2) : Win_fence_open(4, MPI_INT, MPI_INFO_NULL, 0)
B
timeout 60 $MPIEXEC -n 2 "$METRON" exec loop.bench --out loop > loop.out 2> loop.err
expect_eq "loop scheme: exit code" "$?" "70"
expect_grep "loop scheme: refused" \
  "error: 'Win_fence_open' opens a window before each call, outside the timed region: it needs scheme = per_call" loop.err
finish
