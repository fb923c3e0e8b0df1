# Nothing from a results folder runs without the user's consent (docs/security.md). A launcher
# template recorded in a folder's manifest (other than the default) and a launch factor that
# sets an environment variable outside the allowlist of MPI tuning variables (LD_PRELOAD, PATH,
# UCX_LOG_FILE, ...) are refused by `replay` and `run --resume` (exit 64) unless
# --trust-launcher is given; --launcher TEMPLATE on the command line is the user's own and needs
# no consent.
source "$(dirname "$0")/lib.sh"
good_run 1
# A recorded launcher that would leave a mark.
evil="sh -c \"touch $WORK/PWNED; exec $MPIEXEC -n {np} {metron} exec {script} --out {dir} --launch {launch} --seed {seed} --quiet\""
rm -rf planted && cp -r good planted && jq --arg l "$evil" '.launcher = $l' good/manifest.json > planted/manifest.json
timeout 60 "$METRON" replay planted --out planted-replay --quiet > out.txt 2> err.txt
expect_eq "replay of a recorded launcher: exit code" "$?" "64"
expect_eq "replay of a recorded launcher: message" "$(cat err.txt)" \
  "metron: error: 'planted' records the launcher '$evil': a command from a results folder runs only with --trust-launcher (or give your own with --launcher TEMPLATE)"
[ ! -e PWNED ] && pass "replay ran nothing" || fail "replay ran the recorded launcher"
[ ! -e planted-replay ] && pass "replay created nothing" || fail "replay created its folder"
rm -f planted/summary.csv
timeout 60 "$METRON" run --resume planted --quiet > out.txt 2> err.txt
expect_eq "resume of a recorded launcher: exit code" "$?" "64"
expect_eq "resume of a recorded launcher: message" "$(cat err.txt)" \
  "metron: error: 'planted' records the launcher '$evil': a command from a results folder runs only with --trust-launcher (or give your own with --launcher TEMPLATE)"
[ ! -e PWNED ] && pass "resume ran nothing" || fail "resume ran the recorded launcher"
# With consent, the recorded launcher runs.
cp good/summary.csv planted/
timeout 120 "$METRON" replay planted --out trusted-replay --quiet --trust-launcher > out.txt 2> err.txt
expect_eq "replay --trust-launcher: exit code (one launch decides nothing: 2)" "$?" "2"
[ -e PWNED ] && pass "replay --trust-launcher ran the recorded launcher" || fail "replay --trust-launcher did not run it"
rm -f PWNED
# Given on the command line, a launcher is the user's own (and replaces the recorded one).
timeout 60 "$METRON" run --resume planted --quiet --launcher "$MPIEXEC -n {np} {metron} exec {script} --out {dir} --launch {launch} --levels {levels} --seed {seed} --quiet" > out.txt 2> err.txt
expect_eq "resume with --launcher: exit code" "$?" "0"
[ ! -e PWNED ] && pass "resume with --launcher ran the given one" || fail "resume ran the recorded launcher"
# Launch factors that set LD_PRELOAD (or PATH) from a recording.
cat > env.bench <<'B'
factor lib in ["", " "] as env "LD_PRELOAD"
set reps = 5
set warmup = 0
begin measurement "b"
  measure MPI_COMM_WORLD : Synthetic(1, 10us)
end measurement
B
timeout 120 "$METRON" run env.bench --replicates 1 --seed 3 --out envrun --quiet > out.txt 2> err.txt
expect_eq "a run of one's own script may set LD_PRELOAD: exit code" "$?" "0"
timeout 60 "$METRON" replay envrun --out env-replay --quiet > out.txt 2> err.txt
expect_eq "replay of an LD_PRELOAD factor: exit code" "$?" "64"
expect_eq "replay of an LD_PRELOAD factor: message" "$(cat err.txt)" \
  "metron: error: 'envrun' sets the environment variable 'LD_PRELOAD' for its launches (a launch factor), which is not an MPI tuning variable a folder may set (docs/security.md): it is set only with --trust-launcher"
rm -rf pathrun && cp -r good pathrun && rm pathrun/summary.csv
jq '.design.factors = [{"name": "p", "env": "PATH", "levels": ["/tmp/evil"]}]' good/manifest.json > pathrun/manifest.json
timeout 60 "$METRON" run --resume pathrun --quiet > out.txt 2> err.txt
expect_eq "resume of a PATH factor: exit code" "$?" "64"
expect_eq "resume of a PATH factor: message" "$(cat err.txt)" \
  "metron: error: 'pathrun' sets the environment variable 'PATH' for its launches (a launch factor), which is not an MPI tuning variable a folder may set (docs/security.md): it is set only with --trust-launcher"
# A tuning prefix does not make a name that takes a file allowed: UCX_LOG_FILE pointed at a
# reader's file left it empty.
rm -rf logrun && cp -r good logrun && rm logrun/summary.csv
jq --arg f "$WORK/outside.txt" '.design.factors = [{"name": "l", "env": "UCX_LOG_FILE", "levels": [$f]}]' good/manifest.json > logrun/manifest.json
echo mine > outside.txt
timeout 60 "$METRON" run --resume logrun --quiet > out.txt 2> err.txt
expect_eq "resume of a UCX_LOG_FILE factor: exit code" "$?" "64"
expect_eq "resume of a UCX_LOG_FILE factor: message" "$(cat err.txt)" \
  "metron: error: 'logrun' sets the environment variable 'UCX_LOG_FILE' for its launches (a launch factor), which is not an MPI tuning variable a folder may set (docs/security.md): it is set only with --trust-launcher"
expect_eq "the file it named is untouched" "$(cat outside.txt)" "mine"
# An MPI tuning variable needs no consent.
cat > cvar.bench <<'B'
factor alg in ["auto", "binomial"] as env "MPIR_CVAR_BCAST_INTRA_ALGORITHM"
set reps = 5
set warmup = 0
begin measurement "b"
  measure MPI_COMM_WORLD : Bcast(8, MPI_CHAR, 0)
end measurement
B
timeout 120 "$METRON" run cvar.bench --replicates 1 --seed 3 --out cvarrun --quiet > out.txt 2> err.txt
expect_eq "run with an MPIR_CVAR factor: exit code" "$?" "0"
timeout 120 "$METRON" replay cvarrun --out cvar-replay --quiet > out.txt 2> err.txt
expect_eq "replay of an MPIR_CVAR factor: exit code (one launch decides nothing: 2)" "$?" "2"
finish
