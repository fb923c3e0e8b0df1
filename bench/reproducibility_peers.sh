#!/usr/bin/env bash
# Reproducibility against the peers (issue 47, item 4): ROUNDS rounds, each one Metron run of
# LAUNCHES launches (`metron run --replicates LAUNCHES`, otherwise the defaults) and one launch of
# each peer that is there (OSU osu_bcast, SKaMPI, IMB-MPI1 Bcast), MPI_Bcast at 8 B, 1 KiB and
# 32 KiB on 2 ranks, interleaved (ABBA). Per tool and size, the value of a round is what that tool
# reports from its launch(es): Metron's Hodges-Lehmann location of the per-launch medians
# (analysis.csv), OSU's average latency, SKaMPI's value (results of its .ski run), IMB's t_avg.
# Printed per size: each tool's spread across the rounds (max/min - 1) and Metron's spread divided
# by the best single-launch peer's. Goal: <= 0.5 at every size, with `metron run`'s defaults.
#
# The peers are never part of Metron: build them from their public sources first
# (/work/shared/tools/build-peers.sh OUT osu=OSU_GITDIR skampi=SKAMPI_GITDIR imb=IMB_GITDIR) and
# pass OUT/bin; a peer that is missing is left out.
# Usage: bash bench/reproducibility_peers.sh PEER_BIN_DIR [build dir = build] [rounds = 5]
#        [launches = 10]
set -uo pipefail
. "$(dirname "$0")/comparison_lib.sh"
. "$(dirname "$0")/bcast_peers_lib.sh"
PEERS=$(cd "${1:?usage: reproducibility_peers.sh PEER_BIN_DIR [build dir] [rounds] [launches]}" && pwd)
BUILD=${2:-build}
ROUNDS=${3:-5}
LAUNCHES=${4:-10}
METRON=$(cd "$BUILD" && pwd)/metron
MPIEXEC=${MPIEXEC:-mpiexec.mpich}
WORK=${OUT:-$(mktemp -d "${TMPDIR:-/tmp}/metron-repro-peers.XXXXXX")}
mkdir -p "$WORK"
cd "$WORK" || exit 74
bcast_peers_setup "$PEERS"

# values.txt: "tool size value_us round"
run_metron() {
  local r=$1
  "$METRON" run bcast.bench --np 2 --replicates "$LAUNCHES" --seed $((3000 + r)) --out "m$r" \
    --quiet > "m$r.log" 2>&1 || { echo "metron round $r failed (m$r.log)" >&2; return; }
  awk -F, -v r="$r" 'NR==1{for(i=1;i<=NF;i++) c[$i]=i; next}
    {print "metron", $c["bytes"], $c["hl_of_medians_s"] * 1e6, r}' "m$r/analysis.csv" >> values.txt
}
run_peers() { bcast_peers_once "$1"; }

echo "reproducibility_peers: $ROUNDS rounds, Metron $LAUNCHES launches a round (load average $(cut -d' ' -f1 /proc/loadavg) on $(nproc) cores)"
echo "peers: ${OSU:-no osu_bcast} ${SKAMPI:-no skampi} ${IMB:-no IMB-MPI1}"
: > values.txt
interleave "$ROUNDS" run_peers run_metron
awk -v sizes="$BCAST_SIZES" '
  { k = $1 SUBSEP $2; if (!(k in lo) || $3 < lo[k]) lo[k] = $3; if (!(k in hi) || $3 > hi[k]) hi[k] = $3
    n[k]++; tools[$1] = 1 }
  END {
    split(sizes, z, " ")
    printf "%8s", "bytes"; for (t in tools) printf "  %12s", t "_spread"; printf "  %10s  %s\n", "ratio", "(Metron / best single-launch peer)"
    for (i = 1; i <= 3; i++) {
      s = z[i]; best = ""; printf "%8d", s
      for (t in tools) {
        k = t SUBSEP s; sp = (k in lo && lo[k] > 0) ? hi[k] / lo[k] - 1 : -1
        printf "  %11.1f%%", 100 * sp
        if (t != "metron" && sp >= 0 && (best == "" || sp < best)) best = sp
        if (t == "metron") m = sp
      }
      printf "  %10s\n", (best == "" || best <= 0) ? "-" : sprintf("%.2f", m / best)
    }
    print "(spread: max/min - 1 of the round values; goal: ratio <= 0.5 at every size)"
  }' values.txt
echo "results: $WORK" >&2
