#!/usr/bin/env bash
# Benchmark (issue 18): Metron's one-sided operations against the OSU Micro-Benchmarks' one-sided
# suite on 2 ranks, interleaved in one session: osu_put_latency / Put_latency and
# osu_get_latency / Get_latency at 8 B, osu_put_bw / Put_bandwidth and osu_get_bw / Get_bandwidth
# at 1 MiB, all with OSU's defaults (-w allocate -s flush, window 64). Each round runs every OSU
# point and one Metron launch with all points, in alternating order (ABBA, so that a drift of the
# machine hits both alike). Prints per point the median over rounds of each tool's value and
# their ratio (Metron / OSU); the Metron_mean columns use Metron's mean time, the statistic OSU
# reports (a loop mean). The Metron settings are those of stdlib-benchmarks/osu_rma.bench.
#
# OSU is never part of Metron: build OSU 7.x (which has c/mpi/one-sided) from its public source
# first, e.g. with /work/shared/tools/build-peers.sh OUT osu=GITDIR, and pass the folder holding
# osu_put_latency, osu_get_latency, osu_put_bw and osu_get_bw.
# Usage: bash bench/osu_rma_comparison.sh OSU_BIN_DIR [build dir = build] [rounds = 5]
# SCALE=k divides every iteration and warm-up count of both tools by k (at least 5 and 1), for a
# quick look on a slow or loaded machine; the default 1 keeps OSU's counts.
set -euo pipefail
. "$(dirname "$0")/comparison_lib.sh"
OSU=$(cd "${1:?usage: osu_rma_comparison.sh OSU_BIN_DIR [build dir] [rounds]}" && pwd)
BUILD=${2:-build}
ROUNDS=${3:-5}
METRON=$(cd "$BUILD" && pwd)/metron
MPIEXEC=${MPIEXEC:-mpiexec.mpich}
WORK=$(mktemp -d)
[ -n "${KEEP:-}" ] || trap 'rm -rf "$WORK"' EXIT; echo "work: $WORK" >&2
osu_bin() { find -L "$OSU" -name "$1" -type f -perm -u+x | head -1; }
PUT_LAT=$(osu_bin osu_put_latency); GET_LAT=$(osu_bin osu_get_latency)
PUT_BW=$(osu_bin osu_put_bw); GET_BW=$(osu_bin osu_get_bw)
for b in "$PUT_LAT" "$GET_LAT" "$PUT_BW" "$GET_BW"; do
  [ -n "$b" ] || { echo "osu_put_latency, osu_get_latency, osu_put_bw or osu_get_bw not found under $OSU" >&2; exit 1; }
done

SCALE=${SCALE:-1}
n() { local v=$(($1 / SCALE)); [ "$v" -ge "$2" ] && echo "$v" || echo "$2"; }  # count, minimum
cat > "$WORK/points.bench" <<B
# The osu_rma.bench settings of the compared points (counts divided by SCALE = $SCALE).
set timer    = wtime
set scheme   = per_call
set sync     = none
set outliers = none
set buffer   = 200MiB
pair = comm(2)
begin measurement "put_lat"
   set scheme = loop_mean
   set iterations = 100
   set warmup = $(n 100 1)
   set reps = $(n 100 5)
   measure pair : Put_latency(8)
end measurement
begin measurement "get_lat"
   set scheme = loop_mean
   set iterations = 100
   set warmup = $(n 100 1)
   set reps = $(n 100 5)
   measure pair : Get_latency(8)
end measurement
begin measurement "put_bw"
   set warmup = $(n 2 1)
   set reps = $(n 20 5)
   measure pair : Put_bandwidth(1MiB)
end measurement
begin measurement "get_bw"
   set warmup = $(n 2 1)
   set reps = $(n 20 5)
   measure pair : Get_bandwidth(1MiB)
end measurement
B

# One OSU point: prints its value (the data line of the given size, second column).
osu_point() {  # binary size iterations skip
  "$MPIEXEC" -n 2 "$1" -m "$2:$2" -i "$(n "$3" 5)" -x "$(n "$4" 1)" 2>/dev/null |
    awk -v s="$2" '$1 == s { print $2; exit }'
}
run_osu() {
  {
    echo "put_lat $(osu_point "$PUT_LAT" 8 10000 100)"
    echo "get_lat $(osu_point "$GET_LAT" 8 10000 100)"
    echo "put_bw $(osu_point "$PUT_BW" 1048576 20 2)"
    echo "get_bw $(osu_point "$GET_BW" 1048576 20 2)"
  } >> "$WORK/osu.txt"
}
run_metron() {  # round
  "$MPIEXEC" -n 2 "$METRON" exec "$WORK/points.bench" --out "$WORK/metron$1" --quiet \
    2> "$WORK/metron$1.err"
  # Third field: the same value from the mean time, the statistic OSU reports (a loop mean).
  # The noise column may hold a quoted comma: fields after it are taken from the row's end.
  awk -F, '
    function f(name,   i) { i = col[name]; return i > col["noise"] ? $(i + NF - H) : $i }
    NR == 1 { H = NF; for (i = 1; i <= NF; i++) col[$i] = i; next }
    {
      b = f("block"); med = f("median_s"); mean = f("mean_s")
      if (b == "put_lat" || b == "get_lat") print b, med * 1e6, mean * 1e6
      else if (b == "put_bw" || b == "get_bw") print b, f("mb_per_s"), f("mb_per_s") * med / mean
    }' "$WORK/metron$1/summary.csv" >> "$WORK/metron.txt"
}

echo "osu_rma_comparison: $ROUNDS rounds on 2 ranks, SCALE $SCALE (load average $(cut -d' ' -f1 /proc/loadavg) on $(nproc) cores)"
interleave "$ROUNDS" run_osu run_metron
comparison_table OSU "$WORK/osu.txt" "$WORK/metron.txt" \
  "put_lat get_lat put_bw get_bw" \
  "put latency 8 B (us);get latency 8 B (us);put bw 1 MiB (MB/s);get bw 1 MiB (MB/s)" 30
