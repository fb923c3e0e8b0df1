#!/usr/bin/env bash
# Compares `metron plan --json` of two builds on every stdlib suite and example (np 2 and 4), for
# refactorings that must not change any plan: tools/plan_identity.sh OLD_METRON NEW_METRON
set -u
old=$1 new=$2
root=$(cd "$(dirname "$0")/.." && pwd)
diffs=0
for f in "$root"/stdlib-benchmarks/*.bench "$root"/stdlib-benchmarks/*.ski "$root"/examples/*.bench \
  "$root"/examples/*.ski; do
  for np in 2 4; do
    if cmp -s <("$old" plan --json --np $np --seed 7 "$f" 2>&1) \
      <("$new" plan --json --np $np --seed 7 "$f" 2>&1); then
      echo "same  np=$np ${f#$root/}"
    else
      echo "DIFF  np=$np ${f#$root/}"
      diffs=$((diffs + 1))
    fi
  done
done
echo "$diffs difference(s)"
[ "$diffs" -eq 0 ]
