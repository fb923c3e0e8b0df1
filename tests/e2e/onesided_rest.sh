# The rest of SKaMPI's one-sided file and IMB-RMA's Truly_passive_put end to end: every function
# added for the last 22 (references, active waiting, datatype puts and gets, border exchanges)
# runs on 2 ranks with verification.
source "$(dirname "$0")/lib.sh"
cat > rest.bench <<'B'
set reps = 3
set warmup = 0
set verify = on
i = info_create()
info_set(i, "no_locks", "false")
begin measurement "references"
  measure comm(2) : onesided_dummy(4, MPI_INT, i)
  measure comm(2) : Isend_callduration(64, MPI_INT)
  measure comm(2) : Send(64, MPI_INT, 5)
  measure comm(2) : Exchange_Isend_Irecv(64, MPI_INT, 3)
  measure comm(2) : multi_Alltoall(16, MPI_INT, 16, MPI_INT, 2)
end measurement
begin measurement "active waiting"
  measure comm(2) : Put_activewait_get(64, i)
  measure comm(2) : Put_activewait_twosided(64, MPI_INFO_NULL)
  measure comm(2) : Put_activewait_twosided_sleep(64, MPI_INFO_NULL, 5)
  measure comm(2) : Get_activewait(64, MPI_INFO_NULL)
  measure comm(2) : Get_activewait_sleep(64, MPI_INFO_NULL, 5)
  measure comm(2) : Accumulate_activewait_twosided(64, MPI_INFO_NULL)
end measurement
begin measurement "datatypes"
  for f in [Datatype_complex_everytime, Datatype_complex_once, Datatype_complex_mixed_everytime, Datatype_complex_mixed_once, Datatype_complex_Get, Datatype_int, Datatype_simple, Datatype_simple_Get] do
    measure comm(2) : f(2, MPI_INFO_NULL)
  od
end measurement
begin measurement "border exchanges"
  measure comm(2) : onesided_borderexchange(2048, MPI_INFO_NULL, 3, 0)
  measure comm(2) : onesided_borderexchange_fence(2048, MPI_INFO_NULL, 2, 1)
  measure comm(2) : twosided_borderexchange(2048, 4, 0)
end measurement
begin measurement "Truly_passive_put"
  measure comm(2) : Rma_truly_passive_put(1024, MPI_BYTE, 0s)
  measure comm(2) : Rma_truly_passive_put(1024, MPI_BYTE, 50us)
end measurement
B
timeout 240 $MPIEXEC -n 2 "$METRON" exec rest.bench --out out > stdout.txt 2> stderr.txt
expect_eq "exit code" "$?" "0"
expect_eq "jobs" "$(($(wc -l < out/summary.csv) - 1))" "24"
expect_eq "every job verified" "$(column verify out/summary.csv | sort -u | tr -d '\n')" "ok"
finish
