#!/bin/bash
# Every script users run as it is (stdlib-benchmarks/ and examples/, not the .inc files they
# include) passes `metron check` without errors and plans on 2 and 4 ranks, as a table and as
# JSON. Usage: check_suites.sh <metron binary> <source dir>.
set -u
METRON=$1
SRC=$2
cd "$SRC" || exit 1
failures=0
count=0
for f in stdlib-benchmarks/*.ski stdlib-benchmarks/*.bench examples/*.ski examples/*.bench; do
  [ -e "$f" ] || continue
  count=$((count + 1))
  out=$(timeout 60 "$METRON" check "$f" 2>&1)
  rc=$?
  if [ $rc -ne 0 ] || grep -q "error:" <<<"$out"; then
    echo "FAIL check $f (exit $rc):"
    echo "$out" | head -20
    failures=$((failures + 1))
    continue
  fi
  for np in 2 4; do
    if ! timeout 60 "$METRON" plan "$f" --np "$np" >/dev/null 2>&1; then
      echo "FAIL plan $f --np $np:"
      timeout 60 "$METRON" plan "$f" --np "$np" 2>&1 | head -20
      failures=$((failures + 1))
    fi
  done
  json=$(timeout 60 "$METRON" plan "$f" --np 4 --json 2>/dev/null)
  if [ "${json:0:1}" != "{" ] || ! grep -q '"plan_schema_version"' <<<"$json"; then
    echo "FAIL plan --json $f"
    failures=$((failures + 1))
  fi
  echo "ok   $f"
done
if [ "$count" -lt 10 ]; then
  echo "FAIL: only $count scripts found under stdlib-benchmarks/ and examples/"
  exit 1
fi
[ "$failures" -eq 0 ] || { echo "$failures failure(s)"; exit 1; }
