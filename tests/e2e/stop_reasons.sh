# Stop reasons say what happened: a rule whose precision clause cannot be met ends on
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
  set_max_repetitions(33)  # SKaMPI's default (a .bench script's is 1000)
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

# A budget among three clauses (`a or b or c` nests): the job stops exactly there, as
# quickstart.bench says of its `reps >= 100`, not a batch later.
printf 'set warmup = 0\nstop when reps >= 30 or elapsed >= 10s or (reps >= 20 and ci(median, 95%%) within 0.001%%)\nmeasure MPI_COMM_WORLD : Synthetic(1, time = 20us, noise = 50%%)\n' > three.bench
timeout 120 $MPIEXEC -n 2 "$METRON" exec three.bench --out three > three.txt 2> three.err
expect_eq "three clauses: exit code" "$?" "0"
expect_eq "three clauses: stops at the reps budget" \
  "$(column n three/summary.csv) $(column stop_reason three/summary.csv)" "30 reps_clause"

# Without `stop when`: a .bench script stops on the CI of the median, within 1%, after
# at least 100 observations (OSU's count for large messages) and at most 1000; the same script
# as a .ski file stops as SKaMPI does, on the RSE within 8 to 33 observations.
printf 'set warmup = 0\nmeasure MPI_COMM_WORLD : Synthetic(1, time = 20us)\n' > d.bench
cp d.bench d.ski
timeout 120 $MPIEXEC -n 2 "$METRON" exec d.bench --out db > db.txt 2> db.err
expect_eq "default .bench: exit code" "$?" "0"
n=$(column n db/summary.csv)
expect_eq "default .bench: 100 to 1000 observations ($n)" \
  "$([ "$n" -ge 100 ] && [ "$n" -le 1000 ] && echo yes)" "yes"
expect_grep "default .bench: the rule in the manifest" '"stop_rule": "ci(median, 95%) within 1%"' db/manifest.json
reason=$(column stop_reason db/summary.csv)
prec=$(column achieved_precision db/summary.csv)
expect_eq "default .bench: met, or the 1000 budget ($reason, $prec)" \
  "$(awk -v r="$reason" -v p="$prec" -v n="$n" 'BEGIN{print ((r == "rule_met" && p <= 0.01) || (r == "max_reps" && n == 1000)) ? "yes" : "no"}')" "yes"
timeout 120 $MPIEXEC -n 2 "$METRON" exec d.ski --out ds > ds.txt 2> ds.err
expect_eq "default .ski: exit code" "$?" "0"
n=$(column n ds/summary.csv)
expect_eq "default .ski: SKaMPI's 8 to 33 observations ($n)" \
  "$([ "$n" -ge 8 ] && [ "$n" -le 33 ] && echo yes)" "yes"
expect_grep "default .ski: SKaMPI's rule in the manifest" '"stop_rule": null' ds/manifest.json
finish
