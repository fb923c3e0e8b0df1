# Issue 31, item 7: values that overflow are refused at their place. Synthetic(1, 1e10s) passed
# check and exec measured 6 us with exit 0 (the wait in nanoseconds overflowed); an imbalance of
# 1e308% had the same fault. Both are script errors now (exit 65), in check and in exec.
source "$(dirname "$0")/lib.sh"
cat > t.bench <<'B'
begin measurement "b"
   measure MPI_COMM_WORLD : Synthetic(1, 1e10s)
end measurement
B
cat > i.bench <<'B'
begin measurement "b"
   measure MPI_COMM_WORLD : Synthetic(1, 1us, imbalance = 1e308%)
end measurement
B
expect_fails "Synthetic(1, 1e10s): check" 65 "t.bench:2:42: error: time 10000000000s is outside [0s, 3600s]
    2 |    measure MPI_COMM_WORLD : Synthetic(1, 1e10s)
      |                                          ^~~~~" "$METRON" check t.bench
timeout 60 $MPIEXEC -n 2 "$METRON" exec t.bench --out t --quiet > out.txt 2> err.txt
expect_eq "Synthetic(1, 1e10s): exec exit code" "$?" "65"
expect_grep "Synthetic(1, 1e10s): exec message" "t.bench:2:42: error: time 10000000000s is outside \[0s, 3600s\]" err.txt
expect_fails "imbalance = 1e308%: check" 65 "i.bench:2:59: error: imbalance 1e+308% is outside [0%, 10000%]
    2 |    measure MPI_COMM_WORLD : Synthetic(1, 1us, imbalance = 1e308%)
      |                                                           ^~~~~~" "$METRON" check i.bench
finish
