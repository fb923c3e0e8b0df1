#!/usr/bin/env bash
# Benchmark (issue 33): the time of MPI_Init as OSU 7.4's osu_init reports it, against the start-up
# record of a Metron launch, interleaved in one session (ABBA rounds, comparison_lib.sh). One
# launch a round for each tool, on NP ranks (default 2):
#   osu_init                       prints MPI_Init's time, min / max / avg over the ranks, in whole
#                                  milliseconds (CLOCK_REALTIME around MPI_Init, truncated)
#   metron exec s.bench            the launch's manifest: startup.mpi_init_s {min, mean, max}
#                                  (steady_clock around MPI_Init), printed here in milliseconds
#                                  truncated as osu_init truncates them
# The values compared are the medians over the rounds (one launch is one value: the table's
# mean columns repeat the median's).
#
# The peers are never part of Metron: build them from their public sources first
# (/work/shared/tools/build-peers.sh OUT osu=OSU_7.4_GITDIR) and pass the folder that holds them.
# Usage: bash bench/startup_comparison.sh PEER_DIR [build dir = build] [rounds = 10] [np = 2]
set -euo pipefail
. "$(dirname "$0")/comparison_lib.sh"
PEERS=$(cd "${1:?usage: startup_comparison.sh PEER_DIR [build dir] [rounds] [np]}" && pwd)
BUILD=${2:-build}
ROUNDS=${3:-10}
NP=${4:-2}
METRON=$(cd "$BUILD" && pwd)/metron
MPIEXEC=${MPIEXEC:-mpiexec.mpich}
WORK=$(mktemp -d)
[ -n "${KEEP:-}" ] || trap 'rm -rf "$WORK"' EXIT; echo "work: $WORK" >&2
OSUINIT=$(find -L "$PEERS" -name osu_init -type f -perm -u+x | head -1)
[ -n "$OSUINIT" ] || { echo "osu_init is missing under $PEERS" >&2; exit 1; }
printf 'set reps = 1\nset warmup = 0\nmeasure comm(2) : Synthetic(1, 1us)\n' > "$WORK/s.bench"

run_peer() {  # round
  "$MPIEXEC" -n "$NP" "$OSUINIT" 2>/dev/null |
    awk -F'[:,]' '/^nprocs/ { gsub(/ ms/, ""); print "init_min", $4 + 0; print "init_max", $6 + 0
                                print "init_avg", $8 + 0 }' >> "$WORK/peers.txt"
}
run_metron() {  # round
  local out=$WORK/metron$1
  "$MPIEXEC" -n "$NP" "$METRON" exec "$WORK/s.bench" --out "$out" --quiet 2> "$out.err"
  jq -r '.startup.mpi_init_s | "init_min \(.min * 1e3 | floor) \(.min * 1e3 | floor)",
         "init_max \(.max * 1e3 | floor) \(.max * 1e3 | floor)",
         "init_avg \(.mean * 1e3 | floor) \(.mean * 1e3 | floor)"' "$out/manifest.json" \
    >> "$WORK/metron.txt"
}

echo "startup_comparison: $ROUNDS rounds on $NP ranks (load average $(cut -d' ' -f1 /proc/loadavg) on $(nproc) cores)"
interleave "$ROUNDS" run_peer run_metron
comparison_table osu_init "$WORK/peers.txt" "$WORK/metron.txt" "init_min init_avg init_max" \
  "MPI_Init, fastest rank (ms);MPI_Init, mean over ranks (ms);MPI_Init, slowest rank (ms)" 34
