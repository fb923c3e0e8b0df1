# Guideline checks (`expect`, docs/guidelines.md) on Synthetic, whose times are programmed: a
# left side 20% slower at one size only is reported at exactly that size; a guideline whose two
# sides take the same time is reported nowhere over 10 launches. Then analyze and a replay give
# guidelines.csv too, and --guideline-margin moves the bar.
source "$(dirname "$0")/lib.sh"
# rows GUIDELINE_CSV: "guideline@bytes verdict ratio" per row, by column name
rows() { awk -F, 'NR==1{for(i=1;i<=NF;i++) c[$i]=i; next} {print $c["guideline"] "@" $c["bytes"], $c["verdict"], $c["ratio"]}' "$1"; }
cat > g.bench <<'B'
replicate 10
shuffle seed 7
set reps = 15
set warmup = 2
begin measurement "synthetic"
  for n in [1, 4, 16] do
    slow = 100us
    if n == 4 then slow = 120us fi
    expect "slowed" MPI_COMM_WORLD : Synthetic(n, slow) <= Synthetic(n, 100us)
    expect "equal" MPI_COMM_WORLD : Synthetic(n, 100us) <= Synthetic(n, 100us)
  od
end measurement
B
timeout 300 "$METRON" run g.bench --out r --np 2 > run.txt 2> run.err
expect_eq "run" "$?" "0"
cat run.txt
expect_eq "one row per check" "$(($(wc -l < r/guidelines.csv) - 1))" "6"
# 10 launches paired: the exact one-sided p is 1/1024 before Holm over 6 checks.
expect_eq "violated: exactly n=4 of 'slowed'" \
  "$(rows r/guidelines.csv | awk '$2=="violated" {print $1}')" "slowed@4"
expect_eq "10 launches per check" "$(column launches r/guidelines.csv | sort -u)" "10"
# The ratio of a 120 us to a 100 us busy-wait: 1.2, less the sync and timer overhead both
# sides share (a few us of 100: the estimate lies within 1.15 to 1.21).
ratio=$(rows r/guidelines.csv | awk '$2=="violated" {print $3}')
awk -v r="$ratio" 'BEGIN {exit !(r > 1.15 && r < 1.21)}' && pass "ratio $ratio ~ 1.2" || fail "ratio $ratio"
expect_grep "table: slowed 1 of 3" "slowed  *2  *3  *1  1\.[12][0-9]x" run.txt
expect_grep "table: equal none" "equal  *2  *3  *0  -" run.txt
expect_grep "summary line" "1 of 2 guidelines violated at some size" run.txt
expect_grep "tuning hint of the violation" "^slowed: Synthetic 4 B on 2 ranks, n=4: 1\.[12][0-9]x" r/tuning_hints.txt
expect_eq "one hint" "$(grep -c '^[a-z]' r/tuning_hints.txt)" "1"
rm r/guidelines.csv
"$METRON" analyze r --guideline-margin 30% > an.txt 2>&1
expect_eq "analyze" "$?" "0"
expect_eq "a 30% margin: 20% is significant but within it" \
  "$(rows r/guidelines.csv | awk '$1=="slowed@4" {print $2}')" "within_margin"
expect_grep "analyze prints the table" "0 of 2 guidelines violated at some size" an.txt
[ -e r/tuning_hints.txt ] && fail "no violation: tuning_hints.txt removed" || pass "no violation, no hints"
expect_fails "bad margin" 64 "metron: error: bad --guideline-margin '2' (a percentage such as 5%, or 0.05)" \
  "$METRON" analyze r --guideline-margin 2
timeout 300 "$METRON" replay r --out rp --replicates 3 --quiet > rp.txt 2>&1
# The jobs lead (docs/cli.md, Exit codes): none differs. 3 launches leave a job inconclusive (2)
# when its launches vary, as under load; Synthetic's programmed times on an idle machine are the
# same in every launch, and then equivalent (0).
rc=$?
expect_eq "replay: no job differs (0 or 2, got $rc)" "$([ "$rc" = 0 ] || [ "$rc" = 2 ] && echo yes)" "yes"
expect_eq "replay writes guidelines.csv" "$(($(wc -l < rp/guidelines.csv) - 1))" "6"
# 3 pairs cannot reach 0.05 / 6 one-sided (1/8): nothing is decided, nothing violated.
expect_eq "3 launches: undecided" "$(column verdict rp/guidelines.csv | sort -u)" "undecided"
finish
