# metron run: launches = replicates x env-factor levels, each with its variable set, in a recorded
# seeded order; merged raw.csv/summary.csv with launch, replicate and factor columns; analysis.
source "$(dirname "$0")/lib.sh"
# The run manifest's own status (2-space indent: not a launch entry's status).
run_status() { grep -o '^  "status": "[a-z]*"' "$1" | sed 's/.*: "\(.*\)"/\1/'; }
cat > r.bench <<'B'
replicate 2
factor alg in ["binomial", "scatter_ring_allgather"] as env "MPIR_CVAR_BCAST_INTRA_ALGORITHM"
set reps = 10
begin measurement "b"
  for count = 1 to 64 step *64 do
    measure MPI_COMM_WORLD : Bcast(count, MPI_CHAR, 0)
  od
end measurement
B
timeout 300 "$METRON" run r.bench --out out --seed 11 > stdout.txt 2> stderr.txt
expect_eq "exit code" "$?" "0"
expect_grep "results folder printed" "results: out" stdout.txt
expect_grep "progress line" "launch 1/4 (id " stderr.txt
expect_grep "ETA on the progress line" "ETA" stderr.txt
expect_eq "run manifest status" "$(run_status out/manifest.json)" "complete"
expect_eq "launch folders" "$(ls out/launches | sort -n | tr '\n' ' ')" "0 1 2 3 "
for l in 0 1 2 3; do
  expect_eq "launch $l complete" "$(json_status out/launches/$l/manifest.json)" "complete"
done
# The environment variable reached exactly the launches of its level.
n_bin=$(grep -l '"MPIR_CVAR_BCAST_INTRA_ALGORITHM": "binomial"' out/launches/*/manifest.json | wc -l)
n_ring=$(grep -l '"MPIR_CVAR_BCAST_INTRA_ALGORITHM": "scatter_ring_allgather"' out/launches/*/manifest.json | wc -l)
expect_eq "env var per level (binomial, ring)" "$n_bin $n_ring" "2 2"
# Launch ids 0 and 2 are alg=binomial (the factor varies fastest within a replicate).
expect_grep "launch 0 saw binomial" '"MPIR_CVAR_BCAST_INTRA_ALGORITHM": "binomial"' out/launches/0/manifest.json
expect_grep "launch 3 saw ring" '"MPIR_CVAR_BCAST_INTRA_ALGORITHM": "scatter_ring_allgather"' out/launches/3/manifest.json
expect_eq "merged header" "$(head -1 out/summary.csv | cut -d, -f1-4)" "launch,replicate,factor_alg,job"
expect_eq "merged summary rows" "$(($(wc -l < out/summary.csv) - 1))" "8"
expect_eq "merged raw rows" "$(($(wc -l < out/raw.csv) - 1))" "80"
expect_eq "launches in summary" "$(column launch out/summary.csv | sort -u | tr '\n' ' ')" "0 1 2 3 "
expect_eq "replicates in summary" "$(column replicate out/summary.csv | sort | uniq -c | awk '{print $1}' | tr '\n' ' ')" "4 4 "
expect_eq "factor levels in launch 1" "$(awk -F, '$1==1{print $3}' out/summary.csv | sort -u)" "scatter_ring_allgather"
expect_eq "analysis rows (2 jobs x 2 levels)" "$(($(wc -l < out/analysis.csv) - 1))" "4"
expect_eq "n_launches" "$(column n_launches out/analysis.csv | sort -u)" "2"
expect_grep "level comparison in the table" "levels of launch factor 'alg'" stdout.txt
expect_eq "comparisons.csv rows" "$(($(wc -l < out/comparisons.csv) - 1))" "2"
expect_grep "seed recorded" '"seed": 11' out/manifest.json
expect_grep "script copied" "measure MPI_COMM_WORLD" out/script/r.bench
# The launch order is the seeded one: the same seed gives the same order in a plan-only check.
order=$(tr -d ' \n' < out/manifest.json | grep -o '"order":\[[0-9,]*\]')
[ -n "$order" ] && pass "order recorded ($order)" || fail "no order in the run manifest"
# analyze again on its own gives the same analysis.csv.
cp out/analysis.csv analysis.first
"$METRON" analyze out > analyze.txt 2>&1
expect_eq "analyze exit code" "$?" "0"
expect_eq "analysis.csv stable" "$(cmp -s analysis.first out/analysis.csv && echo same)" "same"
expect_grep "analyze table" "Hodges-Lehmann location of the medians of 2 launches" analyze.txt
# Usage errors: an existing folder, an unknown placeholder, --resume of a non-run folder.
"$METRON" run r.bench --out out > /dev/null 2> e1.txt
expect_eq "existing folder exit code" "$?" "64"
expect_grep "existing folder message" "holds a finished run: choose another --out" e1.txt
"$METRON" run r.bench --out out2 --launcher "mpiexec -n {nprocs} {metron}" > /dev/null 2> e2.txt
expect_eq "bad template exit code" "$?" "64"
expect_grep "bad template message" "unknown placeholder '{nprocs}'" e2.txt
[ ! -e out2 ] && pass "no folder for a bad template" || fail "out2 created"
mkdir -p notarun
"$METRON" run --resume notarun > /dev/null 2> e3.txt
expect_eq "resume of a non-run exit code" "$?" "74"
finish
