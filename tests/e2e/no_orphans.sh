# No process of a launch outlives a SIGKILL of `metron run`, of `mpiexec` or of Hydra's proxy:
# the launcher dies with `metron run` (PR_SET_PDEATHSIG set by the launcher's fork) and each
# rank with its parent (set by `metron exec` itself); ranks left alone would busy-poll forever.
source "$(dirname "$0")/lib.sh"
cat > long.bench <<'B'
set reps = 20
set warmup = 0
begin measurement "long"
  for i = 1 to 3000 do
    measure MPI_COMM_WORLD : Synthetic(1, time = 500us)
  od
end measurement
B
# Every process of a case carries its folder in its command line (--out WORK/NAME...).
alive() { pgrep -f -- "--out $WORK/$1" | wc -l; }
# started NAME: waits (at most 60 s) until the launch of NAME has finished a job, so that both
# ranks are past MPI_Init and busy.
started() {
  for _ in $(seq 1 600); do
    [ -n "$(find "$WORK/$1" -name summary.csv -size +100c 2> /dev/null)" ] && return 0
    sleep 0.1
  done
  return 1
}
# gone_within NAME: polls for at most 5 s until no process of NAME is left (the ranks end in
# well under a second: the kernel sends SIGKILL as the parent dies; the 5 s are for a loaded
# machine's scheduler), and says how long it took.
gone_within() {
  local what=$1 t
  for t in $(seq 1 50); do
    if [ "$(alive "$2")" -eq 0 ]; then
      pass "$what: nothing left after $((t * 100)) ms"
      return
    fi
    sleep 0.1
  done
  fail "$what: processes left 5 s after the kill:"
  pgrep -af -- "--out $WORK/$2"
  pkill -9 -f -- "--out $WORK/$2"
}

# 1. SIGKILL of `metron run`: no handler runs; its mpiexec, the proxy and the ranks must go.
"$METRON" run long.bench --out "$WORK/run" --replicates 2 --quiet > /dev/null 2>&1 &
run_pid=$!
started run || fail "run: no job finished within 60 s"
[ "$(alive run)" -ge 3 ] && pass "run: launch running" || fail "run: launch not running"
kill -9 $run_pid
wait $run_pid 2> /dev/null
gone_within "SIGKILL of metron run" run
# Its folder has no merged files yet: analyze says why and how to go on.
expect_fails "analyze the killed run" 74 "metron: error: '$WORK/run' is a run that did not finish (status 'running'): its launches are merged when it ends; continue it with: metron run --resume $WORK/run" \
  "$METRON" analyze "$WORK/run"

# 2. SIGKILL of a bare mpiexec (no `metron run` above it to clean up).
$MPIEXEC -n 2 "$METRON" exec long.bench --out "$WORK/mpx" --quiet > /dev/null 2>&1 &
mpx_pid=$!
started mpx || fail "mpiexec: no job finished within 60 s"
kill -9 $mpx_pid
wait $mpx_pid 2> /dev/null
gone_within "SIGKILL of mpiexec" mpx

# 3. SIGKILL of Hydra's proxy, the ranks' parent: without PR_SET_PDEATHSIG the ranks were
#    re-parented to init and kept spinning.
$MPIEXEC -n 2 "$METRON" exec long.bench --out "$WORK/proxy" --quiet > /dev/null 2>&1 &
proxy_mpx=$!
started proxy || fail "proxy: no job finished within 60 s"
proxy_pid=$(pgrep -P $proxy_mpx -f hydra_pmi_proxy)
if [ -n "$proxy_pid" ]; then
  kill -9 "$proxy_pid"
  gone_within "SIGKILL of the proxy" proxy
else
  fail "proxy: no hydra_pmi_proxy under mpiexec"
fi
wait 2> /dev/null

# 4. SIGKILL of `metron run` while it is between launches or starting one: many short launches.
cat > short.bench <<'B'
replicate 40
set reps = 2
set warmup = 0
begin measurement "short"
  measure MPI_COMM_WORLD : Synthetic(1, time = 1us)
end measurement
B
"$METRON" run short.bench --out "$WORK/short" --quiet > /dev/null 2>&1 &
short_pid=$!
for _ in $(seq 1 600); do
  [ "$(find "$WORK/short/launches" -name summary.csv 2> /dev/null | wc -l)" -ge 2 ] && break
  sleep 0.1
done
kill -9 $short_pid
wait $short_pid 2> /dev/null
gone_within "SIGKILL of metron run between launches" short
finish
