# runtime = local vs global on Synthetic with a known imbalance (rank 0 waits 200 us, rank 1
# 300 us), 2 ranks:
#  - window sync: both ranks start together, so local (max of durations) and global (latest end
#    - earliest start on the synchronized clock) are both 300 us, and each rank's own duration is
#    its wait;
#  - no sync: rank 0 runs ahead by 100 us per observation, so the global run-time of observation
#    k is about 300 us + k x 100 us while the local one stays 300 us.
source "$(dirname "$0")/lib.sh"
cat > g.bench <<'B'
set warmup = 0
set raw_per_rank = on
begin measurement "window_local"
  set sync = window(size = 2ms, clock = hca3(fitpoints = 20, exchanges = 10))
  set reps = 50
  measure comm(2) : Synthetic(1, time = 200us, imbalance = 50%)
end measurement
begin measurement "window_global"
  set sync = window(size = 2ms, clock = hca3(fitpoints = 20, exchanges = 10))
  set runtime = global
  set reps = 50
  measure comm(2) : Synthetic(1, time = 200us, imbalance = 50%)
end measurement
begin measurement "nosync_global"
  set sync = none
  set clock = hca3(fitpoints = 20, exchanges = 10)
  set runtime = global
  set reps = 30
  measure comm(2) : Synthetic(1, time = 200us, imbalance = 50%)
end measurement
B
METRON_CLOCK_SKEW="1:0.002:20" timeout 120 $MPIEXEC -n 2 "$METRON" exec g.bench --out out \
  > stdout.txt 2> stderr.txt
expect_eq "exit code" "$?" "0"
cat stderr.txt
within() { awk -v x="$1" -v lo="$2" -v hi="$3" 'BEGIN{print (x >= lo && x <= hi) ? "yes" : "no"}'; }
# of_block COLUMN BLOCK: a column of summary.csv in the row of a block
of_block() {
  awk -F, -v col="$1" -v b="$2" 'NR==1{for(i=1;i<=NF;i++) c[$i]=i; next} $c["block"]==b {print $c[col]}' \
    out/summary.csv
}
# A window observation is valid when both ranks reached its slot in time. On a loaded machine
# a rank may miss every slot: then there is no median (an empty cell), and nothing to check.
for b in window_local:315e-6 window_global:330e-6; do
  name=${b%%:*}
  if [ "$(of_block valid_n "$name")" == "0" ]; then
    expect_eq "$name: no valid observation, no median" "$(of_block median_s "$name")" ""
  else
    med=$(of_block median_s "$name")
    expect_eq "$name: 300 us ($med)" "$(within "$med" 297e-6 "${b#*:}")" "yes"
  fi
done
# Per-rank durations of the first job: rank 0 waits 200 us, rank 1 300 us.
first=$(column job out/summary.csv | head -1)
rank_median() {
  awk -F, -v j="$first" -v r="$1" 'NR>1 && $2==j && $4==r {print $6}' out/raw_ranks.csv |
    sort -g | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}'
}
r0=$(rank_median 0)
r1=$(rank_median 1)
expect_eq "rank 0 waits 200 us ($r0)" "$(within "$r0" 199e-6 210e-6)" "yes"
expect_eq "rank 1 waits 300 us ($r1)" "$(within "$r1" 299e-6 315e-6)" "yes"
# No sync: the global run-time grows by 100 us from one observation to the next (the median
# step, so that one descheduled rank on a busy machine does not tilt it). On a loaded machine
# rank 1 may get its core first and run ahead instead: then it shrinks by 100 us a step.
slope=$(awk -F, 'NR==1{for(i=1;i<=NF;i++) c[$i]=i; next}
  $c["block"]=="nosync_global" {if (n++) print $c["time_s"] - prev; prev = $c["time_s"]}' out/raw.csv |
  sort -g | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}')
expect_eq "no sync, global changes by 100 us per observation ($slope)" \
  "$(within "${slope#-}" 80e-6 120e-6)" "yes"
# raw.csv's global stamps: window observations start on a grid of 2 ms slots, and for
# runtime = global the run-time is their end - start. The grid is checked between consecutive
# valid observations (an invalid one started late, whenever its rank got a core back, and a
# batch starts a new grid): their gap is a whole number of slots, up to the polling of the
# clock that ends the wait for the slot and the clock model's error between two ranks of one
# machine (well under 5 us; a slot off by one rank's time slice is 0.3-20 ms).
offgrid=$(awk -F, 'NR==1{for(i=1;i<=NF;i++) c[$i]=i; next}
  $c["block"]=="window_global" {
    if ($c["valid"] == 1 && prev_valid) {
      k = ($c["global_start_s"] - prev) / 2e-3; d = (k - int(k + 0.5)) * 2e-3
      print (int(k + 0.5) >= 1 ? (d < 0 ? -d : d) : 1) }
    prev = $c["global_start_s"]; prev_valid = $c["valid"] == 1 }' out/raw.csv |
  sort -g | awk '{a[NR]=$1} END{print NR ? a[int((NR+1)/2)] : "none"}')
if [ "$offgrid" == "none" ]; then
  pass "window: slot grid not checked: no two consecutive valid observations (a loaded machine)"
else
  expect_eq "window: valid starts a whole number of 2 ms slots apart (median off by $offgrid s)" \
    "$(within "$offgrid" 0 5e-6)" "yes"
fi
diffs=$(awk -F, 'NR==1{for(i=1;i<=NF;i++) c[$i]=i; next}
  $c["block"]=="window_global" {d = $c["global_end_s"] - $c["global_start_s"] - $c["time_s"]; if (d < 0) d = -d; if (d > 1e-9) bad++}
  END{print bad+0}' out/raw.csv)
expect_eq "global run-time = global end - global start" "$diffs" "0"
finish
