# `max_time` bounds a job under a stop rule also when one observation is slow: each batch is cut
# to what the budget leaves at the time an observation took so far (for the first batch, the
# warm-up's calls). A job of 100 ms observations with max_time = 1s took the rule's whole first
# batch before (a hundred observations, 10 s); IMB-IO's nonblocking patterns at 0.5 s a call
# overran the 10 s default fivefold.
source "$(dirname "$0")/lib.sh"
cat > t.bench <<'B'
set warmup = 2
set max_time = 1s
begin measurement "slow"
  measure comm(2) : Synthetic(1, 100ms)
end measurement
B
timeout 60 $MPIEXEC -n 2 "$METRON" exec t.bench --out out --quiet > out.txt 2> err.txt
expect_eq "exit code" "$?" "0"
expect_eq "stopped by the time budget" "$(jq -r '.jobs[0].stop_reason' out/manifest.json)" "time_budget"
n=$(jq '.jobs[0].n' out/manifest.json)
elapsed=$(jq '.jobs[0].elapsed_s' out/manifest.json)
# 2 warm-up calls (0.2 s), then at most (1 - 0.2) / 0.1 = 8 observations.
expect_eq "observations within the budget" "$([ "$n" -ge 1 ] && [ "$n" -le 8 ] && echo yes || echo "no: $n")" "yes"
expect_eq "the job ends within a second and a half" \
  "$(awk -v e="$elapsed" 'BEGIN { print (e < 1.5) ? "yes" : "no: " e }')" "yes"
finish
