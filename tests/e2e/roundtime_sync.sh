# Roundtime sync on skewed clocks (rank 1 3 ms ahead, 30 ppm fast), 2 ranks:
#  - with a start margin of 20 broadcasts every observation is valid and `reps` counts them;
#  - with a margin far below one broadcast, every rank gets the start time too late, every
#    observation is invalid and redone until the job's budget ends it (time_budget, valid_n 0).
source "$(dirname "$0")/lib.sh"
cat > r.bench <<'B'
set warmup = 0
set reps = 30
begin measurement "margin"
  set sync = roundtime(mult = 20, clock = hca3(fitpoints = 200, exchanges = 20))
  measure comm(2) : Synthetic(1, time = 50us)
end measurement
begin measurement "too_late"
  set sync = roundtime(mult = 0.0001, budget = 200ms, clock = hca3(fitpoints = 200, exchanges = 20))
  measure comm(2) : Synthetic(1, time = 50us)
end measurement
B
METRON_CLOCK_SKEW="1:0.003:30" timeout 120 $MPIEXEC -n 2 "$METRON" exec r.bench --out out \
  > stdout.txt 2> stderr.txt
expect_eq "exit code" "$?" "0"
cat stderr.txt
expect_eq "stop reasons" "$(column stop_reason out/summary.csv | tr '\n' ' ')" "fixed_reps time_budget "
valid=($(column valid_n out/summary.csv))
n=($(column n out/summary.csv))
expect_eq "margin: 30 valid observations" "${valid[0]}" "30"
expect_eq "too late: none valid" "${valid[1]}" "0"
ok=$(awk -v n="${n[1]}" 'BEGIN{print (n > 30) ? "yes" : "no"}')
expect_eq "too late: invalid observations were redone (${n[1]} taken)" "$ok" "yes"
med=$(column median_s out/summary.csv | head -1)
ok=$(awk -v m="$med" 'BEGIN{print (m > 49e-6 && m < 60e-6) ? "yes" : "no"}')
expect_eq "margin: median ~50 us ($med)" "$ok" "yes"
expect_grep "manifest: start wait recorded" '"start_wait_s"' out/manifest.json
expect_grep "manifest: sync kind" '"kind": "roundtime"' out/manifest.json
expect_grep "warning for the all-invalid job, with its location" \
  "r.bench:9:3: warning: all [0-9]* observations were invalid" stderr.txt
finish
