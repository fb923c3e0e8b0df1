# Stop reasons say what happened (issue 12): a rule whose precision clause cannot be met ends on
# its reps or elapsed clause and is never labelled rule_met; the achieved precision is always
# reported; max_reps is never exceeded.
source "$(dirname "$0")/lib.sh"
cat > s.bench <<'B'
set warmup = 0
begin measurement "reps"
  # 50% uniform noise: the median CI cannot shrink to 0.01%.
  stop when reps >= 40 or (reps >= 20 and ci(median, 95%) within 0.01%)
  measure MPI_COMM_WORLD : Synthetic(1, time = 20us, noise = 50%)
end measurement
begin measurement "elapsed"
  set batch = fixed(2)
  stop when elapsed >= 5ms or ci(median, 95%) within 0.01%
  measure MPI_COMM_WORLD : Synthetic(1, time = 1ms, noise = 50%)
end measurement
begin measurement "met"
  stop when reps >= 1000 or (reps >= 20 and ci(median, 95%) within 5%)
  measure MPI_COMM_WORLD : Synthetic(1, time = 20us)
end measurement
begin measurement "skampi"
  set_max_relative_standard_error(0.000001)
  measure MPI_COMM_WORLD : Synthetic(1, time = 20us, noise = 50%)
end measurement
B
timeout 120 $MPIEXEC -n 2 "$METRON" exec s.bench --out out > stdout.txt 2> stderr.txt
expect_eq "exit code" "$?" "0"
expect_eq "stop reasons" "$(column stop_reason out/summary.csv | tr '\n' ' ')" \
  "reps_clause elapsed_clause rule_met max_reps "
expect_eq "reps clause at n = 40" "$(column n out/summary.csv | head -1)" "40"
prec=$(column achieved_precision out/summary.csv | tr '\n' ' ')
expect_eq "achieved precision reported on every row ($prec)" \
  "$(echo "$prec" | awk '{print ($1 > 0 && $2 > 0 && $3 <= 0.05 && $4 > 0) ? "yes" : "no"}')" "yes"
expect_eq "coverage of the precision on the CI rows" \
  "$(column achieved_coverage out/summary.csv | head -3 | awk '$1 > 0 {c++} END{print c}')" "3"
# SKaMPI's default max_repetitions is 33: never exceeded (SKaMPI itself stops at 40).
n=$(column n out/summary.csv | tail -1)
expect_eq "max_reps 33 not exceeded ($n)" "$n" "33"
expect_grep "progress line: elapsed_clause" "elapsed_clause" stdout.txt
expect_eq "no rule_met on budget stops" "$(grep -c 'rule_met' stdout.txt)" "1"
finish
