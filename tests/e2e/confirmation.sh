# Confirmation before a CI rule stops (adapt::Confirmation, docs/methodology.md): a
# slow stretch that covers the rule's first sample (Synthetic's first 30 observations 10x
# slower, no warm-up) gives a tight CI around the wrong value; the confirmation batch after the
# spacer disagrees, the job measures on and reports the steady state.
source "$(dirname "$0")/lib.sh"
# within5 VALUE TARGET: the rule's 5%; the busy-wait is exact to ~1 us and the median ignores
# the single observations a descheduled rank stretches.
within5() { awk -v m="$1" -v t="$2" 'BEGIN{print (m >= 0.95 * t && m <= 1.05 * t) ? "yes" : "no"}'; }
json_int() { grep -o "\"$1\": [0-9]*" "$2" | head -1 | grep -o '[0-9]*$'; }

cat > stretch.bench <<'B'
set warmup = 0
begin measurement "stretch"
  stop when reps >= 20 and ci(median, 95%) within 5%
  measure MPI_COMM_WORLD : Synthetic(1, time = 200us, transient = 30, transient_factor = 10)
end measurement
B
timeout 120 $MPIEXEC -n 2 "$METRON" exec stretch.bench --out stretch > stretch.txt 2> stretch.err
expect_eq "stretch: exit code" "$?" "0"
med=$(column median_s stretch/summary.csv)
expect_eq "stretch: median within 5% of 200 us, not the 2 ms stretch ($med)" \
  "$(within5 "$med" 200e-6)" "yes"
expect_eq "stretch: stop reason" "$(column stop_reason stretch/summary.csv)" "rule_met"
# The first 20 observations are all slow and meet the rule; the first confirmation, the
# transient guard's (an early stop), runs 50 spacer calls (what 0.1 s holds at 2 ms, short of
# the horizon) and then sees fast calls: a disagreement.
d=$(json_int disagreements stretch/manifest.json)
r=$(json_int rounds stretch/manifest.json)
n=$(column n stretch/summary.csv)
if [ "$d" -ge 1 ] || [ "$r" -ge 2 ]; then
  expect_eq "stretch: the first confirmation disagreed ($d of $r rounds)" \
    "$([ "$d" -ge 1 ] && [ "$r" -ge 2 ] && [ "$r" -le 3 ] && echo yes)" "yes"
else
  # A 2 ms busy-wait is often preempted on a shared machine (at load average 4-6 about every
  # other slow call took 5-13 ms), so the 20 slow observations' CI was wider than 5%: the rule
  # was first met on a sample reaching past the
  # stretch, and its one confirmation agreed. (A confirmation that never disagrees still fails
  # the median check above on a machine where the stretch meets the rule.)
  expect_eq "stretch: no disagreement: the rule was first met past the 30 slow calls (n = $n)" \
    "$([ "$r" -eq 1 ] && [ "$n" -gt 30 ] && echo yes)" "yes"
fi
s=$(json_int spacer_calls stretch/manifest.json)
t=$(column truncated stretch/summary.csv)
expect_eq "stretch: discarded = spacer calls + truncated" \
  "$(json_int discarded stretch/manifest.json)" "$((s + t))"

# Steady calls: one confirmation, which agrees; the job stops right after it.
cat > steady.bench <<'B'
set warmup = 0
begin measurement "steady"
  stop when reps >= 20 and ci(median, 95%) within 5%
  measure MPI_COMM_WORLD : Synthetic(1, time = 200us)
end measurement
B
timeout 120 $MPIEXEC -n 2 "$METRON" exec steady.bench --out steady > steady.txt 2> steady.err
expect_eq "steady: exit code" "$?" "0"
expect_eq "steady: one confirmation, no disagreement" \
  "$(json_int rounds steady/manifest.json) $(json_int disagreements steady/manifest.json)" "1 0"
expect_eq "steady: 20 observations + a batch of 20" "$(column n steady/summary.csv)" "40"
# The rule held on 20 observations, an early stop: the transient guard's spacer reaches the
# horizon, observation 256 (236 calls, 47 ms at 200 us, within the guard's 0.1 s).
s=$(json_int spacer_calls steady/manifest.json)
expect_eq "steady: 236 spacer calls, to the guard's horizon" "$s" "236"
finish
