#!/usr/bin/env bash
# Launch-level modes and what they do to a 5-round reproducibility campaign (issue 47, item 4).
# Collects many single-launch values of MPI_Bcast at 8 B, 1 KiB and 32 KiB on 2 ranks: Metron's
# per-launch medians (`metron run --replicates`, its summary.csv) and one value per launch of each
# peer that is there (OSU osu_bcast's average, SKaMPI's value), in interleaved blocks. Then, by
# resampling those launches, it plays the campaign of bench/reproducibility_peers.sh many times:
# 5 rounds, in each Metron's value from L launches and one launch of each peer; a tool's spread is
# max/min - 1 over its 5 round values; the ratio is Metron's spread over the best peer's. Printed
# per size and per way of reducing Metron's L launch medians to one value: the launch medians'
# quartiles (are there modes?), the median ratio over the simulated campaigns, and how often the
# goal (ratio <= 0.5) is met. Metron reports the Hodges-Lehmann location (docs/methodology.md,
# "Which statistic"); the other reductions are there to compare.
#
# Usage: bash bench/launch_modes.sh PEER_BIN_DIR [build dir = build] [blocks = 10]
#        [Metron launches per block = 20] [peer launches per block = 10]
#        VALUES=FILE bash bench/launch_modes.sh ...: resample the values.txt of an earlier run
#        instead of collecting launches.
set -uo pipefail
. "$(dirname "$0")/bcast_peers_lib.sh"
PEERS=$(cd "${1:?usage: launch_modes.sh PEER_BIN_DIR [build dir] [blocks] [metron launches] [peer launches]}" && pwd)
BUILD=${2:-build}
BLOCKS=${3:-10}
ML=${4:-20}
PL=${5:-10}
METRON=$(cd "$BUILD" && pwd)/metron
MPIEXEC=${MPIEXEC:-mpiexec.mpich}
WORK=${OUT:-$(mktemp -d "${TMPDIR:-/tmp}/metron-launch-modes.XXXXXX")}
mkdir -p "$WORK"
cd "$WORK" || exit 74
bcast_peers_setup "$PEERS"
# values.txt: "tool size value_us [tag]"
metron_block() {
  rm -rf m
  "$METRON" run bcast.bench --np 2 --replicates "$ML" --seed $((4000 + $1)) --out m --quiet \
    > m.log 2>&1 || { echo "metron block $1 failed (m.log)" >&2; return; }
  awk -F, 'NR==1{for(i=1;i<=NF;i++) c[$i]=i; next} {print "metron", $c["bytes"], $c["median_s"] * 1e6}' \
    m/summary.csv >> values.txt
}
peer_block() {
  local i
  for i in $(seq 1 "$PL"); do bcast_peers_once "$1.$i"; done
}
if [ -n "${VALUES:-}" ]; then cp "$VALUES" values.txt; else
echo "launch_modes: $BLOCKS blocks of $ML Metron launches and $PL launches of each peer (load average $(cut -d' ' -f1 /proc/loadavg) on $(nproc) cores)"
echo "peers: ${OSU:-no osu_bcast} ${SKAMPI:-no skampi} ${IMB:-no IMB-MPI1}"
: > values.txt
for b in $(seq 1 "$BLOCKS"); do
  if [ $((b % 2)) -eq 1 ]; then peer_block "$b"; metron_block "$b"; else metron_block "$b"; peer_block "$b"; fi
done
fi
python3 - values.txt <<'P'
import random, statistics, sys
from collections import defaultdict
vals = defaultdict(list)
for line in open(sys.argv[1]):
    tool, size, v = line.split()[:3]
    vals[(tool, int(size))].append(float(v))
def hodges_lehmann(x):  # the median of the Walsh averages (R's estimate without ties)
    return statistics.median([(a + b) / 2 for i, a in enumerate(x) for b in x[i:]])
reductions = [("median of 10", 10, statistics.median), ("mean of 10", 10, statistics.fmean),
              ("Hodges-Lehmann of 10", 10, hodges_lehmann), ("median of 30", 30, statistics.median),
              ("mean of 30", 30, statistics.fmean), ("Hodges-Lehmann of 30", 30, hodges_lehmann)]
rng = random.Random(47)
spread = lambda r: max(r) / min(r) - 1
peers = sorted({t for t, _ in vals if t != "metron"})
for size in (8, 1024, 32768):
    m = vals.get(("metron", size), [])
    if not m: continue
    q = statistics.quantiles(m, n=4)
    print(f"\n{size} B: {len(m)} Metron launches, launch medians (us) min {min(m):.3f} "
          f"q1 {q[0]:.3f} median {q[1]:.3f} q3 {q[2]:.3f} max {max(m):.3f}")
    for p in peers:
        x = vals.get((p, size), [])
        if len(x) >= 4:
            q = statistics.quantiles(x, n=4)
            print(f"  {p}: {len(x)} launches, min {min(x):.3f} q1 {q[0]:.3f} median {q[1]:.3f} "
                  f"q3 {q[2]:.3f} max {max(x):.3f}")
    print(f"  {'Metron value':24s} {'Metron spread':>14s} {'best peer spread':>17s} "
          f"{'ratio':>6s} {'ratio <= 0.5':>13s}   (medians over 2,000 campaigns of 5 rounds)")
    for name, n, f in reductions:
        if len(m) < n: continue
        ratios, ms, bs = [], [], []
        for _ in range(2000):
            mr = [f(rng.sample(m, n)) for _ in range(5)]
            best = min(spread([rng.choice(vals[(p, size)]) for _ in range(5)])
                       for p in peers if vals.get((p, size)))
            ms.append(spread(mr)); bs.append(best)
            ratios.append(spread(mr) / best if best > 0 else float("inf"))
        met = sum(r <= 0.5 for r in ratios) / len(ratios)
        print(f"  {name:24s} {100 * statistics.median(ms):13.1f}% {100 * statistics.median(bs):16.1f}% "
              f"{statistics.median(ratios):6.2f} {100 * met:12.0f}%")
P
echo "values: $WORK/values.txt" >&2
