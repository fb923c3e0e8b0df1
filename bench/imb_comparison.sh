#!/usr/bin/env bash
# Benchmark (issue 15): Metron's imb.bench against the Intel MPI Benchmarks on 2 ranks,
# interleaved in one session: PingPong 8 B and 64 KiB (t, one way), Allreduce 1 KiB (t_max),
# IMB-NBC's Iallreduce 1 KiB (t_pure, overlap %), and Bcast 1 KiB (t_max) with IMB's fixed root
# and with -root_shift on (`set root_shift = on`: the root moves to the next rank each call). For
# the Bcast points the mean column is IMB's t_max exactly: the largest over ranks of each rank's
# mean time per call (from raw_ranks.csv). Each round runs every IMB point and one Metron
# launch with all points, in alternating order (ABBA, so that a drift of the machine hits both
# alike). Prints per point the median over rounds of each tool's value and their ratio
# (Metron / IMB), also for Metron's value computed from its mean time (IMB reports means).
# The Metron settings are those of stdlib-benchmarks/imb.bench for these points.
#
# IMB is never part of Metron: build it from its public source first, e.g.
#   git clone https://github.com/intel/mpi-benchmarks && cd mpi-benchmarks
#   make IMB-MPI1 IMB-NBC CC=mpicc CXX=mpicxx
# (or /work/shared/tools/build-peers.sh OUT imb=GITDIR) and pass the folder holding IMB-MPI1
# and IMB-NBC.
# Usage: bash bench/imb_comparison.sh IMB_BIN_DIR [build dir = build] [rounds = 5]
set -euo pipefail
. "$(dirname "$0")/comparison_lib.sh"
IMB=$(cd "${1:?usage: imb_comparison.sh IMB_BIN_DIR [build dir] [rounds]}" && pwd)
BUILD=${2:-build}
ROUNDS=${3:-5}
METRON=$(cd "$BUILD" && pwd)/metron
MPIEXEC=${MPIEXEC:-mpiexec.mpich}
WORK=$(mktemp -d)
[ -n "${KEEP:-}" ] || trap 'rm -rf "$WORK"' EXIT; echo "work: $WORK" >&2
[ -x "$IMB/IMB-MPI1" ] && [ -x "$IMB/IMB-NBC" ] || { echo "IMB-MPI1 or IMB-NBC not in $IMB" >&2; exit 1; }

# IMB's n_sample for these sizes: 1000, and 40 MiB / 64 KiB = 640; warm-up n_sample / 10.
cat > "$WORK/points.bench" <<'B'
# The imb.bench settings of the compared points.
set timer      = wtime
set outliers   = none
set truncation = none
set buffer     = 16MiB
pair = comm(2)
begin measurement "pingpong_small"
   set scheme = loop_mean
   set sync = double_barrier
   set iterations = 1000
   set warmup = 100
   set reps = 10
   measure pair : Latency(8, MPI_BYTE)
end measurement
begin measurement "pingpong_large"
   set scheme = loop_mean
   set sync = double_barrier
   set iterations = 640
   set warmup = 64
   set reps = 10
   measure pair : Latency(64kb, MPI_BYTE)
end measurement
begin measurement "allreduce"
   set scheme = per_call
   set sync = barrier
   set warmup = 100
   set reps = 1000
   measure pair : Allreduce(256, MPI_FLOAT, MPI_SUM)
end measurement
begin measurement "iallreduce"
   set scheme = per_call
   set sync = barrier
   set warmup = 100
   set reps = 1000
   measure pair : Iallreduce(256, MPI_FLOAT, MPI_SUM)
   measure pair : Iallreduce_overlap(256, MPI_FLOAT, MPI_SUM)
end measurement
begin measurement "bcast"
   set scheme = per_call
   set sync = barrier
   set raw_per_rank = on
   set warmup = 100
   set reps = 1000
   measure pair : Bcast(1kb, MPI_BYTE, 0)
end measurement
begin measurement "bcast_rs"
   set scheme = per_call
   set sync = barrier
   set raw_per_rank = on
   set root_shift = on
   set warmup = 100
   set reps = 1000
   measure pair : Bcast(1kb, MPI_BYTE, 0)
end measurement
B

# One IMB table line for `size` (column col of the line whose first field is the size).
imb_line() {  # binary benchmark size [options]
  echo "$3" > "$WORK/len.txt"
  "$MPIEXEC" -n 2 "$1" "$2" -msglen "$WORK/len.txt" -npmin 2 "${@:4}" 2>/dev/null |
    awk -v s="$3" '$1 == s { print; exit }'
}
run_imb() {
  {
    # PingPong: #bytes #repetitions t[usec] Mbytes/sec
    echo "pingpong_small $(imb_line "$IMB/IMB-MPI1" PingPong 8 | awk '{ print $3 }')"
    echo "pingpong_large $(imb_line "$IMB/IMB-MPI1" PingPong 65536 | awk '{ print $3 }')"
    # Allreduce: #bytes #repetitions t_min t_max t_avg
    echo "allreduce $(imb_line "$IMB/IMB-MPI1" Allreduce 1024 | awk '{ print $4 }')"
    # Iallreduce: #bytes #repetitions t_ovrl t_pure t_CPU overlap[%]
    local line
    line=$(imb_line "$IMB/IMB-NBC" Iallreduce 1024)
    echo "iar_pure $(echo "$line" | awk '{ print $4 }')"
    echo "iar_overlap $(echo "$line" | awk '{ print $6 }')"
    echo "bcast $(imb_line "$IMB/IMB-MPI1" Bcast 1024 | awk '{ print $4 }')"
    echo "bcast_rs $(imb_line "$IMB/IMB-MPI1" Bcast 1024 -root_shift on | awk '{ print $4 }')"
  } >> "$WORK/imb.txt"
}
run_metron() {  # round
  "$MPIEXEC" -n 2 "$METRON" exec "$WORK/points.bench" --out "$WORK/metron$1" --quiet \
    2> "$WORK/metron$1.err"
  # Third field: the same value from the mean time, the statistic IMB reports.
  # The noise column may hold a quoted comma: fields after it are taken from the row's end.
  awk -F, '
    function f(name,   i) { i = col[name]; return i > col["noise"] ? $(i + NF - H) : $i }
    NR == 1 { H = NF; for (i = 1; i <= NF; i++) col[$i] = i; next }
    {
      b = f("block"); op = f("op"); med = f("median_s"); mean = f("mean_s")
      if (b ~ /^bcast/) print f("job"), b, med * 1e6 > "'"$WORK/bcast$1.txt"'"
      else if (b != "iallreduce") print b, med * 1e6, mean * 1e6
      else if (op == "Iallreduce") { pure_mean = mean; print "iar_pure", med * 1e6, mean * 1e6 }
      else if (op == "Iallreduce_overlap") {
        c = f("overlap_compute_s"); o = 100 * (1 - (mean - c) / pure_mean)
        print "iar_overlap", f("overlap_pct"), (o < 0 ? 0 : (o > 100 ? 100 : o))
      }
    }' "$WORK/metron$1/summary.csv" >> "$WORK/metron.txt"
  # IMB's t_max for the Bcast points: the largest over ranks of each rank's mean per call.
  awk -F, 'NR == FNR { block[$1] = $2; med[$1] = $3; next }
           FNR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
           ($col["job"] in block) && $col["time_s"] != "" {
             k = $col["job"] SUBSEP $col["rank"]; s[k] += $col["time_s"]; n[k]++ }
           END {
             for (j in block) {
               m = 0
               for (r = 0; r < 2; r++) if (n[j, r] && s[j, r] / n[j, r] > m) m = s[j, r] / n[j, r]
               print block[j], med[j], m * 1e6
             }
           }' FS=' ' "$WORK/bcast$1.txt" FS=, "$WORK/metron$1/raw_ranks.csv" >> "$WORK/metron.txt"
}

echo "imb_comparison: $ROUNDS rounds on 2 ranks (load average $(cut -d' ' -f1 /proc/loadavg) on $(nproc) cores)"
interleave "$ROUNDS" run_imb run_metron
comparison_table IMB "$WORK/imb.txt" "$WORK/metron.txt" \
  "pingpong_small pingpong_large allreduce iar_pure iar_overlap bcast bcast_rs" \
  "PingPong 8 B (us, one way);PingPong 64 KiB (us, one way);Allreduce 1 KiB t_max (us);Iallreduce 1 KiB t_pure (us);Iallreduce 1 KiB overlap (%);Bcast 1 KiB t_max (us);Bcast 1 KiB -root_shift on t_max (us)" 38
