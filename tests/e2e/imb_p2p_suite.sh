# stdlib-benchmarks/imb_p2p.bench end to end on 4 ranks, verified: the suite as shipped but for
# its size list and loop (two sizes, at most 20 iterations per call, 2 calls per job), so that the
# test takes seconds. Stencil3D has no IMB grid of 4 ranks: it is skipped with the warning, as
# IMB skips it; every other job runs, verifies and has its summary row.
source "$(dirname "$0")/lib.sh"
f=imb_p2p.bench
{ echo "set verify = on"
  sed -e 's/^sizes = .*/sizes = [0, 1kb]/' -e '/^ *256kb, 512kb/d' \
      -e 's/^iter_max .*/iter_max = 20/' -e 's/^loop_reps .*/loop_reps = 2/' \
      "$SRC/stdlib-benchmarks/$f"
} > "$f"
cp "$SRC/stdlib-benchmarks/imb_p2p_iterations.inc" .
expect_eq "the sizes were replaced" "$(grep -c '^sizes = \[0, 1kb\]$' "$f")" "1"
expect_eq "the iterations were lowered" "$(grep -c '^iter_max = 20$' "$f")" "1"
"$METRON" plan "$f" --np 4 > plan.txt 2> plan.err
expect_eq "plan: exit code" "$?" "0"
timeout 120 $MPIEXEC -n 4 "$METRON" exec "$f" --out out --quiet > exec.out 2> exec.err
rc=$?
expect_eq "exec: exit code" "$rc" "0"
[ "$rc" -eq 0 ] || tail -20 exec.err
expect_grep "Stencil3D skipped with IMB's reason" \
  "'Stencil3D' has no grid of 4 ranks under IMB-P2P's rule (every side at least 2), so IMB calls it invalid; the measurement is skipped" \
  exec.err
# 2 sizes x (Unirandom, Birandom, Corandom, Stencil2D, Sendrecv_replace)
expect_grep "the plan's jobs" "^plan for 4 ranks: 10 jobs in 6 blocks" plan.txt
expect_eq "every job has a summary row" "$(($(wc -l < out/summary.csv) - 1))" "10"
expect_eq "summary ops" "$(column op out/summary.csv | sort -u | tr '\n' ' ')" \
  "Birandom Corandom Sendrecv_replace Stencil2D Unirandom "
expect_eq "every job verified" "$(column verify out/summary.csv | sort -u | tr -d '\n')" "ok"
expect_eq "n is 2 in every job" "$(column n out/summary.csv | sort -u | tr -d '\n')" "2"
finish
