# metron clock-check on 2 ranks with an injected skew: a table per method, a CSV, and usage
# errors for a bad method or option value.
source "$(dirname "$0")/lib.sh"
METRON_CLOCK_SKEW="1:0.005:50" timeout 120 $MPIEXEC -n 2 "$METRON" clock-check \
  --methods skampi,hca3 --fitpoints 10 --exchanges 5 --rtt-pingpongs 20 --after 0,0.5 \
  --csv c.csv > stdout.txt 2> stderr.txt
expect_eq "exit code" "$?" "0"
cat stderr.txt
expect_grep "header names the ranks and the skew" "clock-check: 2 ranks, clock monotonic, METRON_CLOCK_SKEW=1:0.005:50" stdout.txt
expect_grep "skampi row" "^skampi" stdout.txt
expect_grep "hca3 row" "^hca3" stdout.txt
expect_eq "csv rows (2 methods x 2 instants)" "$(($(wc -l < c.csv) - 1))" "4"
# Right after synchronization the 5 ms offset is gone: under 100 us for both methods.
worst=$(awk -F, 'NR>1 && $4==0 {if ($6 > m) m = $6} END{print m+0}' c.csv)
ok=$(awk -v m="$worst" 'BEGIN{print (m < 100e-6) ? "yes" : "no"}')
expect_eq "offset after sync < 100 us ($worst s)" "$ok" "yes"
timeout 60 $MPIEXEC -n 2 "$METRON" clock-check --methods nosuch > out2.txt 2> err2.txt
expect_eq "unknown method: usage exit" "$?" "64"
expect_grep "unknown method named" "nosuch" err2.txt
"$METRON" clock-check --fitpoints 1 > out3.txt 2> err3.txt
expect_eq "fitpoints out of range: usage exit" "$?" "64"
finish
