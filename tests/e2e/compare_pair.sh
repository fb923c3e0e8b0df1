# metron compare --pair: an operation against its mock-up size by size. In one folder the two
# were measured in the same launches: paired by launch, signed-rank test; between two folders:
# rank-sum. Also the --factor error that lists the folder's factors.
source "$(dirname "$0")/lib.sh"
cat > p.bench <<'B'
replicate 3
set reps = 10
factor flavour in ["x"] as env "METRON_E2E_FLAVOUR"
begin measurement "ar"
  for count = 1 to 4 step *4 do
    measure MPI_COMM_WORLD : Allreduce(count, MPI_INT, MPI_SUM)
    measure MPI_COMM_WORLD : Allreduce_using_Reduce_Bcast(count, MPI_INT, MPI_SUM)
  od
end measurement
B
timeout 300 "$METRON" run p.bench --out r --quiet > /dev/null 2> run.err
expect_eq "run" "$?" "0"
"$METRON" compare r --pair 'Allreduce=Allreduce_using_Reduce_Bcast' --csv paired.csv > paired.txt 2>&1
expect_eq "paired compare exit code" "$?" "0"
cat paired.txt
expect_eq "one row per size" "$(($(wc -l < paired.csv) - 1))" "2"
expect_eq "paired by launch" "$(column paired paired.csv | sort -u)" "1"
expect_eq "B is the mock-up" "$(column op_b paired.csv | sort -u)" "Allreduce_using_Reduce_Bcast"
expect_eq "3 launches on each side" "$(column n_a paired.csv | sort -u),$(column n_b paired.csv | sort -u)" "3,3"
expect_grep "signed-rank named in the header" "Wilcoxon signed-rank test on the per-launch differences" paired.txt
expect_grep "adjusted across both sizes" "adjusted across 2 jobs: holm" paired.txt
# 3 pairs cannot reach 0.05 (2 / 8 two-sided): inconclusive, 6 pairs or more needed
expect_eq "3 pairs: inconclusive" "$(column verdict paired.csv | sort -u)" "inconclusive"
# Each job asks for at least 7 pairs (2 / 2^n <= 0.05 / 2 over 2 jobs); a job whose spread is so
# large that no count up to the planner's limit would do leaves the cell empty ("need more").
for need in $(column launches_needed paired.csv); do
  [ "$need" -ge 7 ] && pass "launches needed ($need) >= 7" || fail "launches needed: '$need'"
done
"$METRON" compare r r --pair 'Allreduce=Allreduce_using_Reduce_Bcast' --csv cross.csv > /dev/null 2>&1
expect_eq "two folders: not paired" "$(column paired cross.csv | sort -u)" "0"
expect_eq "two folders: one row per size" "$(($(wc -l < cross.csv) - 1))" "2"
"$METRON" compare r --pair 'Allreduce=Bcast' > /dev/null 2> nopair.txt
expect_eq "pair without jobs: usage" "$?" "64"
expect_grep "pair without jobs: message" "no jobs of 'Allreduce' and 'Bcast' with the same sizes" nopair.txt
"$METRON" compare r --pair 'Allreduce' > /dev/null 2> badpair.txt
expect_eq "malformed --pair" "$?" "64"
"$METRON" compare r --factor alg > /dev/null 2> badf.txt
expect_eq "unknown factor: usage" "$?" "64"
expect_grep "unknown factor lists the factors" "no launch factor 'alg' in 'r' (its factors: 'flavour')" badf.txt
finish
