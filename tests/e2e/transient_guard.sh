# The transient guard (adapt/transient_guard.h): SKaMPI's RSE rule met within its first
# few dozen observations is accepted only if a check past the horizon (observation 256) shows no
# level shift. No warm-up, so the rule's first 8 observations lie in Synthetic's programmed
# transient (10x slower for 40 or for 200 observations): the guard's check sees the steady level,
# the job measures on, and it reports the steady state. A steady call stops after the check. The
# progress line says rule_met only where the rule held.
source "$(dirname "$0")/lib.sh"
# steady VALUE: "yes" when a median lies nearer the steady 20 us than the transient's 200 us
# (below 2x): a descheduled rank on a loaded machine moves single observations, not the level.
steady() { awk -v m="$1" 'BEGIN{print (m >= 20e-6 && m < 40e-6) ? "yes" : "no"}'; }
json_int() { grep -o "\"$1\": [0-9]*" "$2" | head -1 | grep -o '[0-9]*$'; }
for shift in 40 200 0; do
  cat > s$shift.bench <<B
set warmup = 0
begin measurement "guard"
  set_min_repetitions(8)
  set_max_repetitions(5000)
  set_max_relative_standard_error(0.05)
  measure MPI_COMM_WORLD : Synthetic(1, time = 20us, transient = $shift, transient_factor = 10)
end measurement
B
  timeout 120 $MPIEXEC -n 2 "$METRON" exec s$shift.bench --out s$shift > s$shift.txt 2> s$shift.err
  expect_eq "shift $shift: exit code" "$?" "0"
  med=$(column median_s s$shift/summary.csv)
  expect_eq "shift $shift: the steady median, not the transient ($med)" "$(steady "$med")" "yes"
  r=$(json_int rounds s$shift/manifest.json)
  d=$(json_int disagreements s$shift/manifest.json)
  n=$(column n s$shift/summary.csv)
  if [ "$shift" -gt 0 ]; then
    # 8 slow observations meet the rule; the check after 248 spacer observations disagrees and
    # the job measures on (to rule_met, or to max_reps when a loaded machine keeps the RSE of
    # the mean above 5%).
    expect_eq "shift $shift: the guard disagreed ($d of $r rounds, n = $n)" \
      "$([ "$d" -ge 1 ] && [ "$n" -gt 18 ] && echo yes)" "yes"
  else
    # A descheduled rank can widen the first 8 observations' RSE past 5%: then the rule holds
    # later, still within the guard's 64 observations or not.
    expect_eq "shift 0: the guard agreed ($d of $r rounds, n = $n)" "$d" "0"
  fi
done
finish
