# A launch that fails is recorded (exit code, stderr tail, file) and the others still run, are
# merged and analysed; `metron run` exits 70.
source "$(dirname "$0")/lib.sh"
# The run manifest's own status (2-space indent: not a launch entry's status).
run_status() { grep -o '^  "status": "[a-z]*"' "$1" | sed 's/.*: "\(.*\)"/\1/'; }
cat > f.bench <<'B'
replicate 3
set reps = 5
begin measurement "s"
  measure MPI_COMM_WORLD : Synthetic(1, time = 10us)
end measurement
B
# A wrapper launcher that fails launch 1 and runs the others.
cat > wrap.sh <<'W'
if [ "$1" = 1 ]; then echo "boom from launch 1" >&2; exit 9; fi
shift
exec "$@"
W
timeout 300 "$METRON" run f.bench --out out --seed 3 \
  --launcher "bash $WORK/wrap.sh {launch} $MPIEXEC -n {np} {metron} exec {script} --out {dir} --launch {launch} --levels {levels} --seed {seed} --quiet" \
  > stdout.txt 2> stderr.txt
expect_eq "exit code" "$?" "70"
expect_eq "run manifest status" "$(run_status out/manifest.json)" "failed"
expect_grep "failure reported" "launch 1 failed (exit code 9)" stderr.txt
expect_grep "stderr tail shown" "boom from launch 1" stderr.txt
expect_grep "stderr saved" "boom from launch 1" out/launches/1/stderr.txt
expect_grep "tail in the manifest" '"stderr_tail": "boom from launch 1"' out/manifest.json
expect_grep "exit code in the manifest" '"exit_code": 9' out/manifest.json
expect_eq "merged launches" "$(column launch out/summary.csv | sort -u | tr '\n' ' ')" "0 2 "
expect_eq "analysis over 2 launches" "$(column n_launches out/analysis.csv)" "2"
expect_grep "results still printed" "results: out" stdout.txt
# A launcher that cannot start at all.
"$METRON" run f.bench --out out2 --replicates 1 --launcher "/nonexistent/mpiexec {np}" \
  > /dev/null 2> e.txt
expect_eq "missing launcher exit code" "$?" "70"
expect_grep "missing launcher message" "cannot start '/nonexistent/mpiexec'" e.txt
finish
