# metron compare: Synthetic 100 us vs 110 us (5 launches each) is flagged with `less`; the other
# direction and a folder against itself are not.
source "$(dirname "$0")/lib.sh"
for t in 100 110; do
  cat > s$t.bench <<B
replicate 5
set reps = 20
begin measurement "syn"
  measure MPI_COMM_WORLD : Synthetic(1, time = ${t}us)
end measurement
B
  timeout 300 "$METRON" run s$t.bench --out r$t --quiet > /dev/null 2> err$t.txt
  expect_eq "run $t us" "$?" "0"
done
"$METRON" compare r100 r110 --alternative less --csv less.csv > less.txt 2>&1
expect_eq "compare exit code" "$?" "0"
cat less.txt
expect_eq "A faster than B: significant" "$(column significant less.csv)" "1"
# All 5 per-launch medians of A below all 5 of B give p = 1/252 = 0.004 (about 0.006 when launch
# medians tie and R's test switches to the normal approximation); a busy machine may let one
# launch overlap, so only significance at 0.05 is required.
# (" !": launches with noise flags, e.g. a load average above the core count)
expect_grep "stars and verdict printed" "[0-9] *\*\** *differs\( !\)\?$" less.txt
ratio=$(column ratio less.csv)
ok=$(awk -v r="$ratio" 'BEGIN{print (r > 1.05 && r < 1.15) ? "yes" : "no"}')
expect_eq "ratio B/A near 1.10 ($ratio)" "$ok" "yes"
"$METRON" compare r110 r100 --alternative less --csv back.csv > back.txt 2>&1
expect_eq "B faster than A: not significant" "$(column significant back.csv)" "0"
"$METRON" compare r100 r100 --csv same.csv > same.txt 2>&1
expect_eq "identical folders: not significant" "$(column significant same.csv)" "0"
expect_eq "identical folders: ratio 1" "$(column ratio same.csv)" "1"
"$METRON" compare r100 r110 --alternative greater --csv greater.csv > /dev/null 2>&1
expect_eq "greater: not significant" "$(column significant greater.csv)" "0"
"$METRON" compare r100 r110 --alternative sideways > /dev/null 2> bad.txt
expect_eq "bad alternative exit code" "$?" "64"
"$METRON" compare r100 > /dev/null 2> bad2.txt
expect_eq "one folder without --factor" "$?" "64"
"$METRON" compare r100 --factor alg > /dev/null 2> bad3.txt
expect_grep "unknown factor" "no launch factor 'alg' in 'r100' (it has no launch factors)" bad3.txt
finish
