# Command-line values that used to be accepted silently are refused with their reason and the
# usage exit code (64): seeds out of range, a NaN alpha or peak, empty templates and folders, a negative
# launch id, --levels that name no factor or a level that does not exist.
source "$(dirname "$0")/lib.sh"
cat > s.bench <<'B'
factor alg in ["a", "b"] as env "METRON_TEST_ALG"
set reps = 3
begin measurement "b"
  measure MPI_COMM_WORLD : Barrier()
end measurement
B
# refused WHAT EXPECTED-TEXT ARGS...: metron ARGS exits 64 and prints the text.
refused() {
  local what=$1 text=$2
  shift 2
  timeout 60 "$@" > out.txt 2>&1
  expect_eq "$what: exit code" "$?" "64"
  expect_grep "$what: message" "$text" out.txt
}
refused "plan --seed -1" "--seed: a seed is a non-negative decimal integer, got '-1'" \
  "$METRON" plan s.bench --seed -1
refused "run --seed 2^64" "seed '18446744073709551616' does not fit in 64 bits (at most 18446744073709551615)" \
  "$METRON" run s.bench --seed 18446744073709551616
refused "compare --alpha nan" "--alpha: must be a number between 0 and 1 (exclusive), got 'nan'" \
  "$METRON" compare a b --alpha nan
refused "analyze --alpha 1" "--alpha: must be a number between 0 and 1 (exclusive), got '1'" \
  "$METRON" analyze a --alpha 1
refused "analyze --peak-bandwidth nan" "--peak-bandwidth: expected a finite number above 0, got 'nan'" \
  "$METRON" analyze a --fit hockney --peak-bandwidth nan
refused "analyze --peak-latency inf" "--peak-latency: expected a finite number above 0, got 'inf'" \
  "$METRON" analyze a --fit hockney --peak-latency inf
refused "quick --seed -1" "--seed: a seed is a non-negative decimal integer, got '-1'" \
  "$METRON" quick Bcast --seed -1 --print-script
refused "run --launcher ''" "--launcher: must not be empty" "$METRON" run s.bench --launcher ''
refused "exec --out ''" "--out: must not be empty" "$METRON" exec s.bench --out ''
refused "exec --launch -5" "--launch: Value -5 not in range" "$METRON" exec s.bench --launch -5
refused "exec --levels bogus=1" \
  "metron: error: --levels names 'bogus', which is not a launch factor of the script (factors: alg)" \
  $MPIEXEC -n 2 "$METRON" exec s.bench --levels bogus=1 --out lv1
refused "exec --levels alg=9" \
  "metron: error: --levels gives factor 'alg' level index 9, but it has 2 levels (0 to 1)" \
  $MPIEXEC -n 2 "$METRON" exec s.bench --levels alg=9 --out lv2
# --seed 0 is a seed like any other: two plans with it agree and say so.
"$METRON" plan s.bench --seed 0 > p1.txt
expect_grep "plan --seed 0 is recorded as seed 0" "(seed 0)" p1.txt
finish
