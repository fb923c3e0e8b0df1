#!/usr/bin/env bash
# Benchmark (issue 15): Metron's OSU-style operations against the OSU Micro-Benchmarks on 2 ranks,
# interleaved in one session: latency 8 B and 64 KiB (osu_latency / Latency), bandwidth 8 B and
# 1 MiB (osu_bw / Bandwidth), and osu_iallreduce at 1 KiB (pure time and overlap % /
# Iallreduce and Iallreduce_overlap). Each round runs every OSU point and one Metron launch with
# all points, in alternating order (ABBA, so that a drift of the machine hits both alike). Prints
# per point the median over rounds of each tool's value and their ratio (Metron / OSU).
# The Metron settings are those of stdlib-benchmarks/osu.bench for these points.
#
# OSU is never part of Metron: build it from its public source first, e.g.
#   git clone https://github.com/forresti/osu-micro-benchmarks   (or an OSU 7.x release tarball)
#   cd osu-micro-benchmarks && ./configure CC=mpicc CXX=mpicxx && make
# and pass the folder holding osu_latency, osu_bw and osu_iallreduce (7.x has osu_iallreduce;
# 5.3 lacks it, and that point is then skipped).
# Usage: bash bench/osu_comparison.sh OSU_BIN_DIR [build dir = build] [rounds = 5]
# SCALE=k divides every iteration and warm-up count of both tools by k (at least 5 and 1), for a
# quick look on a slow or loaded machine; the default 1 keeps OSU's counts.
set -euo pipefail
. "$(dirname "$0")/comparison_lib.sh"
OSU=$(cd "${1:?usage: osu_comparison.sh OSU_BIN_DIR [build dir] [rounds]}" && pwd)
BUILD=${2:-build}
ROUNDS=${3:-5}
METRON=$(cd "$BUILD" && pwd)/metron
MPIEXEC=${MPIEXEC:-mpiexec.mpich}
WORK=$(mktemp -d)
[ -n "${KEEP:-}" ] || trap 'rm -rf "$WORK"' EXIT; echo "work: $WORK" >&2
osu_bin() { find -L "$OSU" -name "$1" -type f -perm -u+x | head -1; }
LAT=$(osu_bin osu_latency); BW=$(osu_bin osu_bw); IAR=$(osu_bin osu_iallreduce)
[ -n "$LAT" ] && [ -n "$BW" ] || { echo "osu_latency or osu_bw not found under $OSU" >&2; exit 1; }

SCALE=${SCALE:-1}
n() { local v=$(($1 / SCALE)); [ "$v" -ge "$2" ] && echo "$v" || echo "$2"; }  # count, minimum
cat > "$WORK/points.bench" <<B
# The osu.bench settings of the compared points (counts divided by SCALE = $SCALE).
set timer    = wtime
set scheme   = per_call
set sync     = none
set outliers = none
set buffer   = 80MiB
pair = comm(2)
begin measurement "lat_small"
   set scheme = loop_mean
   set iterations = 100
   set warmup = $(n 100 1)
   set reps = $(n 100 5)
   measure pair : Latency(8, MPI_CHAR)
end measurement
begin measurement "lat_large"
   set scheme = loop_mean
   set iterations = 10
   set warmup = $(n 10 1)
   set reps = $(n 100 5)
   measure pair : Latency(64kb, MPI_CHAR)
end measurement
begin measurement "bw_small"
   set warmup = $(n 10 1)
   set reps = $(n 100 5)
   measure pair : Bandwidth(8, MPI_CHAR, 64)
end measurement
begin measurement "bw_large"
   set warmup = $(n 2 1)
   set reps = $(n 20 5)
   measure pair : Bandwidth(1MiB, MPI_CHAR, 64)
end measurement
begin measurement "iallreduce"
   set sync = barrier
   set warmup = $(n 100 1)
   set reps = $(n 1000 5)
   measure pair : Iallreduce(256, MPI_FLOAT, MPI_SUM)
   measure pair : Iallreduce_overlap(256, MPI_FLOAT, MPI_SUM)
end measurement
B

# One OSU point: prints its value (the data line of the given size; column col).
osu_point() {  # binary size col iterations skip
  local bin=$1 size=$2 col=$3
  "$MPIEXEC" -n 2 "$bin" -m "$size:$size" -i "$(n "$4" 5)" -x "$(n "$5" 1)" 2>/dev/null |
    awk -v s="$size" -v c="$col" '$1 == s { print $c; exit }'
}
run_osu() {  # round
  {
    echo "lat_small $(osu_point "$LAT" 8 2 10000 100)"
    echo "lat_large $(osu_point "$LAT" 65536 2 1000 10)"
    echo "bw_small $(osu_point "$BW" 8 2 100 10)"
    echo "bw_large $(osu_point "$BW" 1048576 2 20 2)"
    if [ -n "$IAR" ]; then
      # osu_iallreduce -f: size, overall, compute, pure comm, overlap (last column)
      local line
      line=$("$MPIEXEC" -n 2 "$IAR" -m 1024:1024 -i "$(n 1000 5)" -x "$(n 100 1)" 2>/dev/null |
        awk '$1 == 1024 { print; exit }')
      echo "iar_pure $(echo "$line" | awk '{ print $(NF - 1) }')"
      echo "iar_overlap $(echo "$line" | awk '{ print $NF }')"
    fi
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
      b = f("block"); op = f("op"); med = f("median_s"); mean = f("mean_s")
      if (b == "lat_small" || b == "lat_large") print b, med * 1e6, mean * 1e6
      else if (b == "bw_small" || b == "bw_large") print b, f("mb_per_s"), f("mb_per_s") * med / mean
      else if (op == "Iallreduce") { pure_mean = mean; print "iar_pure", med * 1e6, mean * 1e6 }
      else if (op == "Iallreduce_overlap") {
        c = f("overlap_compute_s"); o = 100 * (1 - (mean - c) / pure_mean)
        print "iar_overlap", f("overlap_pct"), (o < 0 ? 0 : (o > 100 ? 100 : o))
      }
    }' "$WORK/metron$1/summary.csv" >> "$WORK/metron.txt"
}

echo "osu_comparison: $ROUNDS rounds on 2 ranks, SCALE $SCALE (load average $(cut -d' ' -f1 /proc/loadavg) on $(nproc) cores)"
interleave "$ROUNDS" run_osu run_metron
comparison_table OSU "$WORK/osu.txt" "$WORK/metron.txt" \
  "lat_small lat_large bw_small bw_large iar_pure iar_overlap" \
  "latency 8 B (us, one way);latency 64 KiB (us, one way);bw 8 B (MB/s);bw 1 MiB (MB/s);iallreduce 1 KiB pure (us);iallreduce 1 KiB overlap (%)" 30
