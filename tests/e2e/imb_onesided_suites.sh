# stdlib-benchmarks/imb_rma.bench and imb_ext.bench end to end on 2 ranks, verified: the suites
# as shipped except their size list and sample counts (two sizes, 4 samples per call, 2 calls per
# job, so that the test takes seconds), run with `set verify = on`; every job runs and verifies,
# and the job count is the suites' (every benchmark, both modes where IMB has them).
source "$(dirname "$0")/lib.sh"
for f in imb_rma.bench imb_ext.bench; do
  { echo "set verify = on"
    sed -e 's/^sizes = .*/sizes = [0, 1kb]/' -e 's/^msgspersample = .*/msgspersample = 4/' \
        -e 's/^loop_reps .*/loop_reps = 2/' "$SRC/stdlib-benchmarks/$f"
  } > "$f"
  cp "$SRC/stdlib-benchmarks/imb_onesided_samples.inc" .
  expect_eq "$f: the sizes were replaced" "$(grep -c '^sizes = \[0, 1kb\]$' "$f")" "1"
  timeout 120 $MPIEXEC -n 2 "$METRON" exec "$f" --out "out_$f" --quiet > "$f.out" 2> "$f.err"
  rc=$?
  expect_eq "$f: exit code" "$rc" "0"
  [ "$rc" -eq 0 ] || tail -20 "$f.err"
  expect_eq "$f: every job verified" \
    "$(column verify "out_$f/summary.csv" | sort -u | tr -d '\n')" "ok"
  # loop_reps calls per job; Truly_passive_put times one put per observation, n_sample of them.
  expect_eq "$f: n is 2 in every job" \
    "$(paste -d' ' <(column op "out_$f/summary.csv") <(column n "out_$f/summary.csv") |
       awk '$1 != "Rma_truly_passive_put" { print $2 }' | sort -u | tr -d '\n')" "2"
done
# imb_rma: 8 pair benchmarks x 2 modes x 2 sizes + 2 atomics x 2 modes + Truly_passive_put at 2
# sizes + 8 to-all benchmarks x 2 sizes.
expect_eq "imb_rma.bench: jobs" "$(($(wc -l < out_imb_rma.bench/summary.csv) - 1))" "54"
# imb_ext: Window at 2 sizes + 5 benchmarks x 2 modes x 2 sizes.
expect_eq "imb_ext.bench: jobs" "$(($(wc -l < out_imb_ext.bench/summary.csv) - 1))" "22"
expect_grep "imb_ext.bench: the aggregate Unidir_Put" "Ext_unidir_put" out_imb_ext.bench/summary.csv
finish
