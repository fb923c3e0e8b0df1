# metron exec on 2 ranks: results folder, columns, counts, manifest status, Synthetic accuracy.
source "$(dirname "$0")/lib.sh"
cat > s.bench <<'B'
set reps = 30
begin measurement "sweep"
  for count = 1 to 1024 step *32 do
    measure MPI_COMM_WORLD : Bcast(count, MPI_INT, 0)
  od
end measurement
begin measurement "synthetic"
  set reps = 200
  measure MPI_COMM_WORLD : Synthetic(1, time = 200us)
end measurement
B
timeout 120 $MPIEXEC -n 2 "$METRON" exec s.bench --out out > stdout.txt 2> stderr.txt
expect_eq "exit code" "$?" "0"
expect_grep "results folder printed" "results: out" stdout.txt
expect_eq "manifest status" "$(json_status out/manifest.json)" "complete"
expect_eq "summary rows" "$(($(wc -l < out/summary.csv) - 1))" "4"
expect_eq "raw rows" "$(($(wc -l < out/raw.csv) - 1))" "290"
expect_eq "bytes column" "$(column bytes out/summary.csv | tr '\n' ' ')" "4 128 4096 1 "
expect_eq "loop variable column" "$(column var_count out/summary.csv | tr '\n' ' ')" "1 32 1024  "
expect_eq "stop reasons" "$(column stop_reason out/summary.csv | sort -u | tr '\n' ' ')" "fixed_reps "
# Synthetic of 200 us measures 200 us within 1% (median).
med=$(column median_s out/summary.csv | tail -1)
ok=$(awk -v m="$med" 'BEGIN{print (m > 198e-6 && m < 202e-6) ? "yes" : "no"}')
expect_eq "Synthetic median within 1% of 200 us ($med)" "$ok" "yes"
# results.sko: SKaMPI's sections and rows (loop variable, bytes, value, stderr, reps).
expect_grep "sko: sweep section" '# begin result "sweep"' out/results.sko
expect_grep "sko: loop variable row" '^count= 1 *4 ' out/results.sko
expect_eq "sko: rows" "$(grep -vc '^#' out/results.sko)" "4"
expect_grep "sko: synthetic row" '^ *1 *200\.[0-9]* ' out/results.sko
finish
