# A `metron run` killed (SIGTERM to its process group) after its first launch completed, then
# `--resume`: exactly the planned launches, finished launches not rerun, no duplicated rows.
source "$(dirname "$0")/lib.sh"
# The run manifest's own status (2-space indent: not a launch entry's status).
run_status() { grep -o '^  "status": "[a-z]*"' "$1" | sed 's/.*: "\(.*\)"/\1/'; }
cat > k.bench <<'B'
replicate 4
set reps = 100
set warmup = 0
begin measurement "slow"
  measure MPI_COMM_WORLD : Synthetic(1, time = 2ms)
end measurement
B
# setsid: the run leads its own process group, which gets the signal (as from a batch system).
setsid "$METRON" run k.bench --out out --seed 9 > run1.out 2> run1.err &
pid=$!
first=""
for _ in $(seq 1 600); do
  for m in out/launches/*/manifest.json; do
    if [ -f "$m" ] && [ "$(json_status "$m")" = "complete" ]; then first=$(basename "$(dirname "$m")"); fi
  done
  [ -n "$first" ] && break
  sleep 0.1
done
[ -n "$first" ] && pass "first launch ($first) completed" || fail "no launch completed"
kill -TERM -- -$pid
wait $pid
rc=$?
[ $rc -ne 0 ] && pass "killed run exits non-zero ($rc)" || fail "killed run exited 0"
expect_eq "run manifest status" "$(run_status out/manifest.json)" "interrupted"
expect_grep "resume hint" "metron run --resume out" run1.err
complete_before=$(grep -l '"status": "complete"' out/launches/*/manifest.json | wc -l)
[ "$complete_before" -lt 4 ] && pass "$complete_before of 4 launches complete before resume" || fail "all launches finished before the kill"
sum_first=$(md5sum < out/launches/$first/raw.csv)
timeout 300 "$METRON" run --resume out > run2.out 2> run2.err
expect_eq "resume exit code" "$?" "0"
expect_eq "run manifest status" "$(run_status out/manifest.json)" "complete"
expect_eq "launch folders" "$(ls out/launches | sort -n | tr '\n' ' ')" "0 1 2 3 "
expect_eq "finished launch not rerun" "$(md5sum < out/launches/$first/raw.csv)" "$sum_first"
expect_eq "merged summary rows" "$(($(wc -l < out/summary.csv) - 1))" "4"
expect_eq "merged raw rows" "$(($(wc -l < out/raw.csv) - 1))" "400"
dups=$(awk -F, 'NR==1{for(i=1;i<=NF;i++) c[$i]=i; next} {print $c["launch"]","$c["job"]","$c["rep"]}' out/raw.csv |
  sort | uniq -d | wc -l)
expect_eq "no duplicated (launch, job, rep)" "$dups" "0"
for l in 0 1 2 3; do
  expect_eq "launch $l raw rows" "$(awk -F, -v l=$l 'NR>1 && $1==l' out/raw.csv | wc -l)" "100"
done
expect_grep "resume recorded" '"resumed"' out/manifest.json
expect_eq "n_launches" "$(column n_launches out/analysis.csv)" "4"
finish
