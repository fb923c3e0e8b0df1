# The source papers' experiments in stdlib-benchmarks/papers/ (docs/papers.md): every script
# checks, and every one runs on 2 ranks with a few launches and a handful of observations per job
# and writes its claims (claims.csv) and its published values beside the measured ones
# (published_vs_measured.csv). The full runs with each folder's small.settings take minutes and
# are timed in docs/papers.md; this one only shows that each completes.
source "$(dirname "$0")/lib.sh"
PAPERS="$SRC/stdlib-benchmarks/papers"
# A handful of observations everywhere: the rule replaces the scripts' own rules and fixed reps.
cat > tiny.settings <<'S'
stop when reps >= 4
set warmup = 1
set iterations = 4
S
n=0
for f in "$PAPERS"/*/*.bench; do
  name=$(basename "$(dirname "$f")")/$(basename "$f" .bench)
  n=$((n + 1))
  "$METRON" check "$f" > check.out 2>&1
  expect_eq "$name: checks" "$?" "0"
  out="r$n"
  timeout 120 "$METRON" run "$f" --np 2 --replicates 2 --settings tiny.settings --out "$out" \
    > "$out.txt" 2>&1
  rc=$?
  expect_eq "$name: runs" "$rc" "0"
  [ "$rc" -eq 0 ] || tail -20 "$out.txt"
  for csv in claims.csv published_vs_measured.csv; do
    rows=$(($(wc -l < "$out/$csv" 2> /dev/null || echo 0) - 1))
    expect_eq "$name: $csv has rows" "$([ "$rows" -ge 1 ] && echo yes || echo "no ($rows)")" "yes"
  done
  expect_grep "$name: the published table names this machine" "^  this machine: " "$out.txt"
done
expect_eq "the five papers' experiments" "$([ "$n" -ge 10 ] && echo yes || echo "only $n")" "yes"
finish
