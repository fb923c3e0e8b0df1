# metron clock-check on 2 ranks with an injected skew: a table per method, a CSV, and usage
# errors for a bad method or option value.
source "$(dirname "$0")/lib.sh"
METRON_CLOCK_SKEW="1:100:50" timeout 120 $MPIEXEC -n 2 "$METRON" clock-check \
  --methods skampi,hca3 --fitpoints 10 --exchanges 5 --rtt-pingpongs 20 --after 0,0.5 \
  --csv c.csv > stdout.txt 2> stderr.txt
expect_eq "exit code" "$?" "0"
cat stderr.txt
expect_grep "header names the ranks and the skew" "clock-check: 2 ranks, clock monotonic, METRON_CLOCK_SKEW=1:100:50" stdout.txt
expect_grep "skampi row" "^skampi" stdout.txt
expect_grep "hca3 row" "^hca3" stdout.txt
expect_eq "csv rows (2 methods x 2 instants)" "$(($(wc -l < c.csv) - 1))" "4"
# Right after synchronization the injected 100 s offset is gone, for both methods. The probe
# brackets the remaining offset within +- its half-width (column 8), half its shortest round
# trip; the sync's own error is about half of the sync's shortest round trip, which cannot
# exceed half the sync's duration (column 3). Idle, both are well under 100 us; on shared cores
# a round trip may span a time slice (probe half-widths of 2-3.5 ms and a sync error of 211 us
# beside a 0.6 us probe were seen), so the bound is 100 us + 4 x half-width + half the sync's
# duration. A model that is not applied misses by 100 s.
while IFS=, read -r method sync off hw; do
  ok=$(awk -v o="$off" -v h="$hw" -v s="$sync" 'BEGIN{print (o < 100e-6 + 4 * h + s / 2) ? "yes" : "no"}')
  expect_eq "$method: offset after sync ($off s) < 100 us + 4 x probe half-width ($hw s) + sync time / 2 ($sync s)" "$ok" "yes"
done < <(awk -F, 'NR>1 && $4==0 {print $1 "," $3 "," $6 "," $8}' c.csv)
timeout 60 $MPIEXEC -n 2 "$METRON" clock-check --methods nosuch > out2.txt 2> err2.txt
expect_eq "unknown method: usage exit" "$?" "64"
expect_grep "unknown method named" "nosuch" err2.txt
"$METRON" clock-check --fitpoints 1 > out3.txt 2> err3.txt
expect_eq "fitpoints out of range: usage exit" "$?" "64"
finish
