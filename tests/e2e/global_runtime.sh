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
# valid observations (an invalid one started late, whenever its rank got a core back; the 50
# fixed repetitions are one batch, so one grid): their gap
# is a whole number of slots up to the lag of each start behind its slot. A valid start is the
# earliest rank's first clock reading at or after the slot (each rank's on its own global clock,
# so the clock model's error does not enter), and it lags the slot by
#  - a clock reading (~30 ns) when a rank is spinning at that instant;
#  - an interrupt both CPUs take at that instant: the scheduler tick is aligned across CPUs and
#    costs a VM exit here (a few us), and it recurs in step with the slots (a 4 ms tick hits every
#    other 2 ms slot), so a whole run can have every other start late, which fits the 5.2 us
#    median seen once in CI (not reproduced: 15 runs here had no lag above 0.5 us);
#  - the time until a rank runs again when both were descheduled in their wait (validity is
#    decided on the clock reading before the wait, as in SKaMPI and ReproMPI): up to the slot
#    minus the run-time, in single observations.
# So the median gap is within 50 us of a whole number of slots (10x the tick's lag; a start
# shifted by half a slot is off by 1 ms), and a run whose few valid pairs were mostly
# descheduled (a loaded machine) is measured again, up to three launches in all.
# grid_offset FOLDER: the median distance of consecutive valid starts from whole slots, or none
grid_offset() {
  awk -F, 'NR==1{for(i=1;i<=NF;i++) c[$i]=i; next}
    $c["block"]=="window_global" {
      if ($c["valid"] == 1 && prev_valid) {
        k = ($c["global_start_s"] - prev) / 2e-3; d = (k - int(k + 0.5)) * 2e-3
        print (int(k + 0.5) >= 1 ? (d < 0 ? -d : d) : 1) }
      prev = $c["global_start_s"]; prev_valid = $c["valid"] == 1 }' "$1/raw.csv" |
    sort -g | awk '{a[NR]=$1} END{print NR ? a[int((NR+1)/2)] : "none"}'
}
{ echo "set warmup = 0"; sed -n '/^begin measurement "window_global"/,/^end measurement/p' g.bench; } \
  > grid.bench
offgrid=$(grid_offset out)
for attempt in 2 3; do
  [ "$offgrid" != "none" ] && [ "$(within "$offgrid" 0 50e-6)" == "yes" ] && break
  echo "slot grid, attempt $((attempt - 1)): median off by $offgrid s; measuring again"
  METRON_CLOCK_SKEW="1:0.002:20" timeout 120 $MPIEXEC -n 2 "$METRON" exec grid.bench \
    --out grid$attempt --quiet > /dev/null 2> grid$attempt.err
  offgrid=$(grid_offset grid$attempt)
done
if [ "$offgrid" == "none" ]; then
  pass "window: slot grid not checked: no two consecutive valid observations (a loaded machine)"
else
  expect_eq "window: valid starts a whole number of 2 ms slots apart (median off by $offgrid s)" \
    "$(within "$offgrid" 0 50e-6)" "yes"
fi
diffs=$(awk -F, 'NR==1{for(i=1;i<=NF;i++) c[$i]=i; next}
  $c["block"]=="window_global" {d = $c["global_end_s"] - $c["global_start_s"] - $c["time_s"]; if (d < 0) d = -d; if (d > 1e-9) bad++}
  END{print bad+0}' out/raw.csv)
expect_eq "global run-time = global end - global start" "$diffs" "0"
finish
