# A noisy or oversubscribed machine is said (issue 12): 3 ranks on 2 cores warn, with the
# figure, on stderr, in summary.csv's noise column and in the manifest. METRON_CORES=2 stands in
# for the core count, so the test warns on a machine of any size.
source "$(dirname "$0")/lib.sh"
cat > tiny.bench <<'B'
set warmup = 0
set reps = 5
begin measurement "tiny"
  measure MPI_COMM_WORLD : Barrier()
end measurement
B
METRON_CORES=2 timeout 300 $MPIEXEC -n 3 "$METRON" exec tiny.bench --out out > stdout.txt 2> stderr.txt
expect_eq "exit code" "$?" "0"
expect_grep "warning on stderr" "warning: 3 ranks on 2 cores of '.*' (oversubscribed)" stderr.txt
expect_eq "summary noise column" "$(column noise out/summary.csv | grep -c '3 ranks on 2 cores')" "1"
expect_grep "manifest noise warnings" '"warnings": \[' out/manifest.json
expect_grep "manifest noise figure" "3 ranks on 2 cores" out/manifest.json
expect_grep "progress line flags it" "noisy: 3 ranks on 2 cores" stdout.txt
finish
