# Bad input at run time: clear message, non-zero exit, no hang, earlier results kept.
source "$(dirname "$0")/lib.sh"
# A ping-pong needs two ranks: a script error (65) found before anything runs.
cat > pp.bench <<'B'
begin measurement "pp"
  measure MPI_COMM_WORLD : Pingpong_Send_Recv(1, MPI_CHAR, 0, 1)
end measurement
B
timeout 60 $MPIEXEC -n 1 "$METRON" exec pp.bench --out pp > out.txt 2> err.txt
expect_eq "pt2pt on one rank: exit code" "$?" "65"
expect_grep "pt2pt on one rank: message" "pp.bench:2:11: error: 'Pingpong_Send_Recv' needs at least 2 ranks but its communicator has 1" err.txt
# A communicator larger than the run.
cat > big.bench <<'B'
begin measurement "big"
  measure comm(8) : Barrier()
end measurement
B
timeout 60 $MPIEXEC -n 2 "$METRON" exec big.bench --out big > out.txt 2> err.txt
expect_eq "comm too large: exit code" "$?" "65"
expect_grep "comm too large: message" "communicator 'comm(8)' needs 8 ranks but the run has 2" err.txt
# A results folder that cannot be created: I/O error (74).
cat > ok.bench <<'B'
set reps = 5
begin measurement "b"
  measure MPI_COMM_WORLD : Barrier()
end measurement
B
touch file
timeout 60 $MPIEXEC -n 2 "$METRON" exec ok.bench --out file/sub > out.txt 2> err.txt
expect_eq "bad results folder: exit code" "$?" "74"
expect_grep "bad results folder: message" "cannot create results folder" err.txt
# A missing script.
timeout 60 $MPIEXEC -n 2 "$METRON" exec missing.bench --out m > out.txt 2> err.txt
expect_eq "missing script: exit code" "$?" "74"
expect_grep "missing script: message" "cannot read file 'missing.bench'" err.txt
# An MPI error inside an operation (injected): message with the measure's location, exit 70,
# the jobs before it stay on disk.
cat > inj.bench <<'B'
set reps = 5
begin measurement "b"
  for i = 1 to 3 do
    measure MPI_COMM_WORLD : Bcast(i, MPI_CHAR, 0)
  od
end measurement
B
METRON_INJECT_MPI_ERROR=2 timeout 60 $MPIEXEC -n 2 "$METRON" exec inj.bench --out inj > out.txt 2> err.txt
expect_eq "MPI error: exit code" "$?" "70"
expect_grep "MPI error: location" "inj.bench:4:5: error:" err.txt
expect_eq "MPI error: earlier jobs kept, failed job recorded" "$(column stop_reason inj/summary.csv | tr '\n' ' ')" "fixed_reps fixed_reps error "
expect_eq "MPI error: manifest status" "$(json_status inj/manifest.json)" "failed"
finish
