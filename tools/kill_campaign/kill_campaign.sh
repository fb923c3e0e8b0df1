#!/bin/bash
# Kill campaign: kills `metron run` (or the `mpiexec` of its current launch) at random moments
# with SIGTERM or SIGKILL, then checks what the folder holds and that `--resume` completes it.
# Prints one table row per kill (Markdown) and a total; exit 1 if any kill was not survived.
#
#   tools/kill_campaign/kill_campaign.sh METRON [KILLS (40)] [SEED (1)]
#
# Per kill, in order: the target and signal cycle through (run, mpiexec) x (TERM, KILL); the
# moment is uniform over the first 90% of an unkilled run's duration (measured first). Checks:
#   gone     no process of the killed run (or launch) alive 2 s after a SIGKILL, 7 s after a
#            SIGTERM (the launch's 5 s grace to end and record its jobs, plus 2 s); polled
#   json     the run manifest and every launch manifest are valid JSON, and each launch
#            manifest lists as many jobs as its summary.csv has rows (a SIGKILL between a row
#            and the manifest rewrite may leave one row unlisted: shown as 'rows-1')
#   analyze  `metron analyze` before the resume: 0, or its message (a run without merged files)
#   resume   `metron run --resume` exits 0, the run manifest says complete, the merged
#            summary.csv has every (launch, job) exactly once and raw.csv every repetition
set -u
METRON=$(realpath "$1")
KILLS=${2:-40}
SEED=${3:-1}
RANDOM=$SEED
WORK=$(mktemp -d "${TMPDIR:-/tmp}/metron-kills.XXXXXX")
trap 'pkill -9 -f -- "--out $WORK/" 2> /dev/null; rm -rf "$WORK"' EXIT
cd "$WORK" || exit 1
LAUNCHES=4 JOBS=30 REPS=10
cat > camp.bench <<B
replicate $LAUNCHES
set reps = $REPS
set warmup = 0
begin measurement "camp"
  for i = 1 to $JOBS do
    measure MPI_COMM_WORLD : Synthetic(i, time = 1ms)
  od
end measurement
B
now() { date +%s.%N; }
# The shorter of two unkilled runs (the first one also warms the caches).
REF_S=
for r in 1 2; do
  t0=$(now)
  "$METRON" run camp.bench --out "$WORK/ref$r" --quiet > /dev/null 2>&1 || {
    echo "kill_campaign: an unkilled reference run failed" >&2
    exit 1
  }
  REF_S=$(awk -v a="$t0" -v b="$(now)" -v m="$REF_S" \
    'BEGIN{d = b - a; if (m != "" && m < d) d = m; printf "%.2f", d}')
done
echo "unkilled run: $REF_S s ($LAUNCHES launches x $JOBS jobs x $REPS reps), seed $SEED"
echo
echo "| # | target | signal | at (s) | state at kill | gone | json | analyze | resume | outcome |"
echo "|---|---|---|---|---|---|---|---|---|---|"

# gone_within PATTERN SECONDS: ms until no process matches (polled every 50 ms), or 'LEFT n'.
gone_within() {
  local t
  for t in $(seq 0 $(($2 * 20))); do
    if ! pgrep -f -- "$1" > /dev/null; then
      echo "$((t * 50)) ms"
      return
    fi
    sleep 0.05
  done
  echo "LEFT $(pgrep -f -- "$1" | wc -l)"
  pkill -9 -f -- "$1"
}
# check_json DIR: 'ok', 'rows-1' or what is wrong.
check_json() {
  local dir=$1 out=ok m rows listed
  jq -e . "$dir/manifest.json" > /dev/null 2>&1 || {
    echo "run manifest invalid"
    return
  }
  for m in "$dir"/launches/*/manifest.json; do
    [ -e "$m" ] || continue
    if ! jq -e . "$m" > /dev/null 2>&1; then
      echo "$(basename "$(dirname "$m")"): invalid"
      return
    fi
    listed=$(jq '.jobs | length' "$m")
    rows=0
    [ -f "$(dirname "$m")/summary.csv" ] && rows=$(($(wc -l < "$(dirname "$m")/summary.csv") - 1))
    if [ "$listed" -eq $((rows - 1)) ]; then
      out=rows-1
    elif [ "$listed" -ne "$rows" ]; then
      echo "$(basename "$(dirname "$m")"): $listed listed, $rows rows"
      return
    fi
  done
  echo "$out"
}

survived=0
for k in $(seq 1 "$KILLS"); do
  target=$([ $(((k - 1) % 2)) -eq 0 ] && echo run || echo mpiexec)
  sig=$([ $(((k - 1) / 2 % 2)) -eq 0 ] && echo TERM || echo KILL)
  at=$(awk -v r=$RANDOM -v t="$REF_S" 'BEGIN{printf "%.2f", 0.1 + r / 32768 * 0.9 * t}')
  dir="$WORK/k$k"
  "$METRON" run camp.bench --out "$dir" --quiet > "run$k.out" 2> "run$k.err" &
  run=$!
  sleep "$at"
  done_launches=$(find "$dir/launches" -name manifest.json 2> /dev/null |
    xargs -r grep -l '"status": "complete"' | wc -l)
  state="$done_launches/$LAUNCHES launches done"
  if [ "$target" = run ]; then
    kill -"$sig" $run 2> /dev/null || state="$state, run had ended"
    pattern="--out $dir"
  else
    # The current launch's mpiexec; between two launches, wait for the next one (at most 2 s).
    pid=
    for _ in $(seq 1 40); do
      pid=$(pgrep -P $run -f mpiexec | head -1)
      [ -n "$pid" ] && break
      sleep 0.05
    done
    if [ -n "$pid" ]; then
      launch=$(tr '\0' ' ' < "/proc/$pid/cmdline" | sed -n 's/.*--launch \([0-9]*\) .*/\1/p')
      kill -"$sig" "$pid" 2> /dev/null
      state="$state, launch $launch"
      pattern="--out $dir/launches/$launch "
    else
      state="$state, no launch running"
      pattern="--out $dir/launches/NONE "
    fi
  fi
  # SIGKILL: nothing may be left 2 s later. SIGTERM ends a launch gracefully (rank 0 records
  # what it finished) within the 5 s grace that `metron run` gives it before SIGKILL: 7 s.
  gone=$(gone_within "$pattern" "$([ "$sig" = KILL ] && echo 2 || echo 7)")
  wait $run 2> /dev/null
  run_rc=$?
  state="$state; run exit $run_rc"
  json=$(check_json "$dir")
  "$METRON" analyze "$dir" > analyze$k.out 2> analyze$k.err
  analyze_rc=$?
  analyze=$([ $analyze_rc -eq 0 ] && echo 0 || echo "$analyze_rc: $(head -1 analyze$k.err | cut -c1-70)")
  "$METRON" run --resume "$dir" --quiet > resume$k.out 2> resume$k.err
  resume_rc=$?
  status=$(jq -r .status "$dir/manifest.json" 2> /dev/null)
  keys=$(awk -F, 'NR>1{print $1","$3}' "$dir/summary.csv" 2> /dev/null | sort -u | wc -l)
  rows=$(($(wc -l < "$dir/summary.csv" 2> /dev/null || echo 1) - 1))
  raw=$(($(wc -l < "$dir/raw.csv" 2> /dev/null || echo 1) - 1))
  want=$((LAUNCHES * JOBS))
  resume="exit $resume_rc, $status, $rows rows"
  ok=1
  [ "$resume_rc" -eq 0 ] && [ "$status" = complete ] && [ "$rows" -eq $want ] &&
    [ "$keys" -eq $want ] && [ "$raw" -eq $((want * REPS)) ] || ok=0
  case $gone in LEFT*) ok=0 ;; esac
  case $json in ok | rows-1) ;; *) ok=0 ;; esac
  "$METRON" analyze "$dir" > /dev/null 2>&1 || {
    ok=0
    resume="$resume, analyze fails"
  }
  [ $ok -eq 1 ] && survived=$((survived + 1))
  echo "| $k | $target | $sig | $at | $state | $gone | $json | $analyze | $resume | $([ $ok -eq 1 ] && echo ok || echo FAILED) |"
done
echo
echo "survived: $survived/$KILLS"
[ "$survived" -eq "$KILLS" ]
