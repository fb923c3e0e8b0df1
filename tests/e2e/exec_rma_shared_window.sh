# A one-sided job asks for an MPI_Win_allocate_shared window while its ranks are on different
# nodes (METRON_TEST_RANKS_PER_NODE=1, a test-only hook that puts each rank on a node of its
# own): every rank refuses alike, the launch ends with exit 70 and a message at the measure, and
# the same job with win = "allocate" and verification runs.
source "$(dirname "$0")/lib.sh"
cat > shared.bench <<'B'
set reps = 5
set verify = on
begin measurement "b"
  measure comm(2) : Put_latency(8, win = "shared")
end measurement
B
METRON_TEST_RANKS_PER_NODE=1 timeout 60 $MPIEXEC -n 2 "$METRON" exec shared.bench --out out1 \
  > out.txt 2> err.txt
expect_eq "shared window across nodes: exit code" "$?" "70"
expect_grep "shared window across nodes: message at the measure" \
  "shared.bench:4:3: error: 'Put_latency': a 'shared' window needs all ranks of the communicator on one node (MPI_Win_allocate_shared); use win = \"allocate\"" err.txt
sed -i 's/win = "shared"/win = "allocate"/' shared.bench
timeout 60 $MPIEXEC -n 2 "$METRON" exec shared.bench --out out2 > out.txt 2> err.txt
expect_eq "allocate window: exit code" "$?" "0"
expect_eq "allocate window: one row" "$(tail -n +2 out2/summary.csv | wc -l)" "1"
finish
