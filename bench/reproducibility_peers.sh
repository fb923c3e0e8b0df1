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
PEERS=$(cd "${1:?usage: reproducibility_peers.sh PEER_BIN_DIR [build dir] [rounds] [launches]}" && pwd)
BUILD=${2:-build}
ROUNDS=${3:-5}
LAUNCHES=${4:-10}
METRON=$(cd "$BUILD" && pwd)/metron
MPIEXEC=${MPIEXEC:-mpiexec.mpich}
WORK=${OUT:-$(mktemp -d "${TMPDIR:-/tmp}/metron-repro-peers.XXXXXX")}
mkdir -p "$WORK"
cd "$WORK" || exit 74
SIZES="8 1024 32768"
OSU=$(find -L "$PEERS" -name osu_bcast -type f -perm -u+x | head -1)
SKAMPI=$(find -L "$PEERS" -name skampi -type f -perm -u+x | head -1)
IMB=$(find -L "$PEERS" -name IMB-MPI1 -type f -perm -u+x | head -1)

cat > bcast.bench <<'B'
begin measurement "bcast"
  for count in [8, 1KiB, 32KiB] do
    measure comm(2) : Bcast(count, MPI_CHAR, 0)
  od
end measurement
B
# SKaMPI's own Bcast measurement at the three sizes (its defaults: 8 to 33 repetitions, 10% RSE).
cat > bcast.ski <<'B'
set_min_repetitions(8)
set_max_repetitions(33)
set_max_relative_standard_error(0.10)
set_skampi_buffer(4MB)
comm_pt = comm(2)
begin measurement "MPI_Bcast-length"
  for count = 8 to 32768 step *2 do
    measure comm_pt : Bcast(count, MPI_CHAR, 0)
  od
end measurement
B
printf '8\n1024\n32768\n' > imb.msglen

# values.txt: "tool size value_us round"
run_metron() {
  local r=$1
  "$METRON" run bcast.bench --np 2 --replicates "$LAUNCHES" --seed $((3000 + r)) --out "m$r" \
    --quiet > "m$r.log" 2>&1 || { echo "metron round $r failed (m$r.log)" >&2; return; }
  awk -F, -v r="$r" 'NR==1{for(i=1;i<=NF;i++) c[$i]=i; next}
    {print "metron", $c["bytes"], $c["hl_of_medians_s"] * 1e6, r}' "m$r/analysis.csv" >> values.txt
}
run_peers() {
  local r=$1 s
  if [ -n "$OSU" ]; then
    "$MPIEXEC" -n 2 "$OSU" -m 8:32768 2> /dev/null | awk -v r="$r" -v sizes="$SIZES" '
      BEGIN { split(sizes, z, " "); for (i in z) want[z[i]] = 1 }
      /^[0-9]/ && ($1 in want) { print "osu", $1, $2, r }' >> values.txt
  fi
  if [ -n "$SKAMPI" ]; then
    "$MPIEXEC" -n 2 "$SKAMPI" -i bcast.ski -o "s$r.sko" > "s$r.log" 2>&1
    # Result lines: "count= N   BYTES   VALUE_US   STDERR   REPS"
    awk -v r="$r" -v sizes="$SIZES" 'BEGIN { split(sizes, z, " "); for (i in z) want[z[i]] = 1 }
      !/^#/ && NF >= 5 && ($3 in want) { print "skampi", $3, $4, r }' "s$r.sko" >> values.txt
  fi
  if [ -n "$IMB" ]; then
    "$MPIEXEC" -n 2 "$IMB" Bcast -msglen imb.msglen -npmin 2 2> /dev/null | awk -v r="$r" '
      /Benchmarking Bcast/ { on = 1 } on && /^ *[0-9]+ +[0-9]+ +[0-9.]+/ { print "imb", $1, $5, r }' >> values.txt
  fi
}

echo "reproducibility_peers: $ROUNDS rounds, Metron $LAUNCHES launches a round (load average $(cut -d' ' -f1 /proc/loadavg) on $(nproc) cores)"
echo "peers: ${OSU:-no osu_bcast} ${SKAMPI:-no skampi} ${IMB:-no IMB-MPI1}"
: > values.txt
interleave "$ROUNDS" run_peers run_metron
awk -v sizes="$SIZES" '
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
