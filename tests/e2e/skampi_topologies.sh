# SKaMPI's topology and array helpers end to end on 2 ranks: measurements on a Cartesian grid
# (with reorder) and on a graph, and a Bcast of a distributed-array type, run with verification, and the summary names the communicator
# as the script wrote it.
source "$(dirname "$0")/lib.sh"
cat > t.ski <<'B'
set_min_repetitions(3)
set_max_repetitions(5)
set verify = on
set warmup = 0
dims = alloc_int_array(1)
dims = dims_create(get_np(), dims)
grid = topology_cartesian(MPI_COMM_WORLD, dims, {1}, 1)
ring = topology_graph2(MPI_COMM_WORLD, {0, 1}, 0)
types = alloc_datatype_array(1)
datatype_array_set(types, 0, MPI_DOUBLE)
part = mpi_type_create_darray(2, 1, {4, 6}, {MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_CYCLIC}, {MPI_DISTRIBUTE_DFLT_DARG, 2}, {2, 1}, MPI_INT)
begin measurement "topologies"
   measure grid : Allreduce(256, datatype_array_get(types, 0), MPI_SUM)
   measure ring : Bcast(round_to_fivebytes(1000), MPI_CHAR, 0)
   measure grid : Alltoall(16, MPI_INT)
   measure grid : Bcast(2, part, 0)
end measurement
B
timeout 120 $MPIEXEC -n 2 "$METRON" exec t.ski --out out > stdout.txt 2> stderr.txt
expect_eq "exit code" "$?" "0"
expect_eq "manifest status" "$(json_status out/manifest.json)" "complete"
expect_eq "verified" "$(column verify out/summary.csv | sort -u)" "ok"
expect_eq "sizes" "$(column bytes out/summary.csv | tr '\n' ' ')" "2048 1001 64 192 "
expect_eq "communicators in the manifest's plan" \
  "$(jq -r '.plan.jobs[].comm.label' out/manifest.json 2>/dev/null | sort -u | tr '\n' ';')" \
  "topology_cartesian(MPI_COMM_WORLD, [2], [1], 1);topology_graph2(MPI_COMM_WORLD, [0, 1], 0);"
finish
