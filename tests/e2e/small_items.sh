# Issue 31, item 10: a rank killed with SIGKILL under `run` is recorded as a signal (it was
# 'exit_code 9, signal null', the same as exit(9)), and an exec folder left 'running' by SIGKILL
# is read with a warning that says so; an included file that others may not read
# (/etc/shadow) is never quoted in a message; `set buffer = 2TiB` is refused (the limit is
# 1 TiB); `report` on a run in progress says so, not "not a results folder".
source "$(dirname "$0")/lib.sh"
cat > long.bench <<'B'
set reps = 3
set warmup = 0
begin measurement "b"
  measure MPI_COMM_WORLD : Synthetic(1, 2s)
end measurement
B
# pids_of PATTERN: the processes this test started whose command line holds PATTERN.
pids_of() { pgrep -f -- "$1" || true; }
"$METRON" run long.bench --replicates 1 --seed 3 --out killed --quiet > run.out 2> run.err &
run_pid=$!
ranks=""
for _ in $(seq 1 200); do
  ranks=$(pids_of "metron exec $WORK/killed/script/long.bench" | tail -n +2)
  [ -n "$ranks" ] && [ -e killed/launches/0/manifest.json ] && break
  sleep 0.05
done
rank=$(echo "$ranks" | tail -1)
[ -n "$rank" ] && kill -9 "$rank"
wait $run_pid
expect_eq "a rank killed under run: exit code" "$?" "70"
expect_eq "a rank killed under run: signal" "$(jq '.launches[0].signal' killed/manifest.json)" "9"
expect_eq "a rank killed under run: of a rank" "$(jq -r '.launches[0].signal_of' killed/manifest.json)" "rank"
# The ':' introduces the tail of the launch's stderr, printed only when it holds lines (on a
# busy machine, exec's load warning; on an idle one it can be empty).
head -1 run.err > first.txt
expect_grep "a rank killed under run: message" \
  "^metron: launch 0 failed (a rank was killed by signal 9 (Killed)); stderr in killed/launches/0/stderr.txt:\?$" first.txt
# A standalone exec killed by SIGKILL: its folder is read, with a warning.
cat > many.bench <<'B'
set reps = 20
set warmup = 0
begin measurement "many"
  for i = 1 to 300 do
    measure MPI_COMM_WORLD : Synthetic(1, time = 500us)
  od
end measurement
B
$MPIEXEC -n 2 "$METRON" exec many.bench --out ex --quiet > /dev/null 2>&1 &
exec_pid=$!
for _ in $(seq 1 200); do
  [ "$(($( { wc -l < ex/summary.csv; } 2> /dev/null || echo 1) - 1))" -ge 5 ] && break
  sleep 0.05
done
for p in $(pids_of "metron exec many.bench --out ex"); do kill -9 "$p" 2> /dev/null; done
wait $exec_pid 2> /dev/null
rows=$(($(wc -l < ex/summary.csv) - 1))
timeout 60 "$METRON" analyze ex > out.txt 2> err.txt
expect_eq "an exec left running: analyze exit code" "$?" "0"
expect_eq "an exec left running: warning" "$(cat err.txt)" \
  "metron: warning: 'ex' holds a launch that did not finish (status 'running': killed, for example by SIGKILL or with a rank that died, or still running); only its $rows finished jobs are read"
# A private file included: where, never what.
printf 'password: hunter2\n' > secret.txt
chmod 600 secret.txt
printf '@include "secret.txt"\n' > inc.bench
timeout 20 "$METRON" check inc.bench > out.txt 2> err.txt
expect_eq "a private include: exit code" "$?" "65"
expect_eq "a private include: message" "$(cat err.txt)" \
  "secret.txt:1:9: error: an error in a file that others may not read: its text is not shown"
expect_no_grep "a private include: nothing quoted" "hunter2" err.txt
if [ -r /etc/shadow ]; then
  printf '@include "/etc/shadow"\n' > shadow.bench
  timeout 20 "$METRON" check shadow.bench > out.txt 2> err.txt
  expect_eq "@include /etc/shadow: exit code" "$?" "65"
  expect_no_grep "@include /etc/shadow: nothing quoted" "$(head -1 /etc/shadow | cut -d: -f1-2)" err.txt
fi
# The buffer limit of docs/language.md.
printf 'set buffer = 2TiB\n' > buf.bench
expect_fails "set buffer = 2TiB" 65 "buf.bench:1:14: error: bad value for setting 'buffer' (buffer of 2097152MiB is over the limit of 1 TiB per rank)
    1 | set buffer = 2TiB
      |              ^~~~" "$METRON" check buf.bench
# report on a run in progress (no merged summary.csv yet).
cat > s.bench <<'B'
set reps = 5
set warmup = 0
begin measurement "b"
  measure MPI_COMM_WORLD : Synthetic(1, 10us)
end measurement
B
timeout 120 "$METRON" run s.bench --replicates 1 --seed 3 --out prog --quiet > out.txt 2> err.txt
rm prog/summary.csv prog/raw.csv && jq '.status = "running"' prog/manifest.json > m.json && mv m.json prog/manifest.json
expect_fails "report on a run in progress" 74 \
  "metron: error: 'prog' is a run that did not finish (status 'running'): its launches are merged when it ends; continue it with: metron run --resume prog" \
  timeout 20 "$METRON" report prog
finish
