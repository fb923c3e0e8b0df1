# What an unattended replay says, and in which order: a setting this machine defeats is warned
# about before the first launch (run and replay); the banner names the script copy the replay
# runs; the environment's differences come before the second launch; the replayed run's own
# guideline table follows the replay's header. The exit code when the jobs lead is 1 when a job
# differs beyond the margin (docs/cli.md, "Exit codes"); --lead findings on the recording's
# environment does not call it another machine.
source "$(dirname "$0")/lib.sh"
# line_of PATTERN FILE: the number of the first line that matches, or 0.
line_of() { grep -n -m1 -- "$1" "$2" | cut -d: -f1 | grep . || echo 0; }
cat > r.bench <<'B'
replicate 6
shuffle seed 5
set reps = 10
set warmup = 0
set buffer_cycling = on
set cache_size = 4KiB
begin measurement "s"
  for n in [1, 2] do
    measure MPI_COMM_WORLD : Synthetic(n, 50us)
    expect "same" MPI_COMM_WORLD : Synthetic(n, 50us) <= Synthetic(n, 50us)
  od
end measurement
B
timeout 300 "$METRON" run r.bench --out rec > run.out 2> run.err
expect_eq "record" "$?" "0"
# A last-level cache above 4 KiB, as sysfs reports it (a machine that reports none is not checked).
if ls /sys/devices/system/cpu/cpu0/cache/index*/size > /dev/null 2>&1; then
  expect_grep "run: a cache_size the machine defeats, said first" \
    "^metron: warning: 'cache_size' is 4KiB but this machine's last-level cache is [0-9]*[KM]iB: buffers cycled over twice that size stay in the cache, so cold-cache jobs measure warm data (set cache_size = [0-9]*[KM]iB or more)$" run.err
  [ "$(line_of "'cache_size' is 4KiB" run.err)" -lt "$(line_of '^launch 1/' run.err)" ] &&
    pass "run: before the first launch" || fail "run: the warning after a launch"
  expect_eq "run: in the manifest" "$(jq '.machine_warnings | length' rec/manifest.json)" "1"
fi

# The recording made three times slower: on the same machine the jobs lead, and differ.
# Every statistic of a time (not the rates, not the elapsed time) is scaled alike.
awk -F, -v OFS=, 'NR==1{for(i=1;i<=NF;i++) if($i ~ /^(mean|median|min|max|sd|trimmed_mean|p[0-9]+|(mean|median)_ci_(lo|hi))_s$/) t[i]=1; print; next}
  {for(i in t) if($i != "") $i=$i*3; print}' rec/summary.csv > s.csv && mv s.csv rec/summary.csv
MPIR_CVAR_BCAST_INTRA_ALGORITHM=binomial timeout 300 "$METRON" replay rec --out rp --lead jobs \
  > rp.out 2> rp.err
expect_eq "jobs lead, every job differs: exit 1" "$?" "1"
expect_eq "replay.csv: every job differs" "$(column verdict rp/replay.csv | sort -u)" "differs"
expect_grep "the banner names the copy it runs" \
  "^metron: replaying 'rec' (script rp/script/r.bench, seed 5, 6 replicates) into rp$" rp.err
if ls /sys/devices/system/cpu/cpu0/cache/index*/size > /dev/null 2>&1; then
  [ "$(line_of "'cache_size' is 4KiB" rp.err)" -gt "$(line_of '^metron: replaying' rp.err)" ] &&
    [ "$(line_of "'cache_size' is 4KiB" rp.err)" -lt "$(line_of '^launch 1/' rp.err)" ] &&
    pass "replay: the defeated setting between the banner and the first launch" ||
    fail "replay: the defeated setting out of place"
fi
diff_line=$(line_of "environment differs from the recording: environment variable MPIR_CVAR_BCAST_INTRA_ALGORITHM" rp.err)
[ "$diff_line" -gt 0 ] && [ "$diff_line" -lt "$(line_of '^launch 2/' rp.err)" ] &&
  pass "the environment's difference before the second launch" ||
  fail "the environment's difference at line $diff_line"
header=$(line_of "^replay of rec in rp$" rp.out)
guidelines=$(line_of "guidelines violated at some size" rp.out)
[ "$header" -gt 0 ] && [ "$guidelines" -gt "$header" ] &&
  pass "the replayed run's guideline table after the replay's header" ||
  fail "header at $header, guideline table at $guidelines"

# --lead findings on the recording's environment: the jobs are context, not "another machine".
timeout 300 "$METRON" replay rec --out rpf --lead findings --quiet > rpf.out 2> rpf.err
expect_eq "findings lead, the guideline reproduced or undecided: not 1" "$([ $? -ne 1 ] && echo ok)" "ok"
expect_grep "the same environment" "^per-job comparison (the environment matches the recording, so the times are expected to agree):$" rpf.out
expect_no_grep "not another machine" "on another machine" rpf.out
finish
