#!/usr/bin/env bash
# Benchmark (issue 33): Metron against the peers' threaded, collective and I/O programs on 2
# ranks, interleaved in one session (ABBA rounds, comparison_lib.sh):
#   osu_latency_mt -t 2:2 at 8 B and 64 KiB       Latency_mt(size, MPI_CHAR, threads = 2,
#                                                 one_sender = 0): thread k with thread k, as
#                                                 OSU's tags pair them
#   osu_latency_mt (default -t 2) at 8 B, 64 KiB   Latency_mt(size, MPI_CHAR, threads = 2): one
#                                                 sending thread, two receiving
#   osu_allreduce -T mpi_float, 8 B, 1 KiB, 64 KiB Allreduce(size / 4, MPI_FLOAT, MPI_SUM)
#   osu_ibcast (pure communication) at 3 sizes    Ibcast(size, MPI_CHAR, 0)
#   IMB-MT PingPongMT, 2 threads, at 8 B, 64 KiB  PingPongMT(size, MPI_CHAR, threads = 2)
#   IMB-IO P_IWrite_priv at 1 MiB (t_ovrl)        P_IWrite_priv(1MiB, 10ms, 20, 1): IMB-IO's CPU
#                                                 work is TARGET_CPU_SECS = 10 ms in its normal
#                                                 build, and it runs the I variants in its
#                                                 aggregate mode, M = 20 (-iter 20) per sample
# with the peers' iteration and warm-up counts on both sides. The values compared are the peers'
# own definitions, computed from Metron's data where they are not Metron's default statistic:
#   - osu_latency_mt: the mean half round trip of one sending thread (OSU divides a sending
#     thread's summed ping-pong times by its iterations). Metron: a loop of `iterations` calls
#     per thread, the threads' span (docs/methodology.md, "Threaded operations"); the mean over
#     observations is OSU's number, the median Metron's own.
#   - osu_allreduce, osu_ibcast: OSU's average over ranks of each rank's mean per-call time, with
#     a barrier between calls. Metron measures the same loop (`sync = barrier`, per call) and writes
#     every rank's time (`raw_per_rank = on`); the mean column is that average over ranks of the
#     per-rank means, the median column Metron's median of the slower rank per call.
#   - PingPongMT: IMB-MT's t_max (the slowest thread's loop time over repeat / 2). Metron's loop
#     over the same repeat count per thread, the threads' span.
#   - P_IWrite_priv: IMB-IO's t_ovrl (M writes started, M times the CPU work, one Waitall, sync,
#     barrier, sync; the sample's time over M, the slowest rank). Metron: the same per call, with
#     one sync, over M.
#
# The peers are never part of Metron: build them from their public sources first
# (/work/shared/tools/build-peers.sh OUT osu=OSU_7.4_GITDIR imb=IMB_GITDIR; then `make IMB-MT
# CC=mpicc CXX=mpicxx` in OUT/imb) and pass the folder that holds them (searched recursively).
# Usage: bash bench/parity_comparison.sh PEER_DIR [build dir = build] [rounds = 5]
# SCALE=k divides every iteration, sample and warm-up count of both tools by k (for a quick check
# of the script on a loaded machine); the default 1 keeps the peers' counts.
set -euo pipefail
. "$(dirname "$0")/comparison_lib.sh"
PEERS=$(cd "${1:?usage: parity_comparison.sh PEER_DIR [build dir] [rounds]}" && pwd)
BUILD=${2:-build}
ROUNDS=${3:-5}
METRON=$(cd "$BUILD" && pwd)/metron
MPIEXEC=${MPIEXEC:-mpiexec.mpich}
WORK=$(mktemp -d)
[ -n "${KEEP:-}" ] || trap 'rm -rf "$WORK"' EXIT; echo "work: $WORK" >&2
peer_bin() { find -L "$PEERS" -name "$1" -type f -perm -u+x | head -1; }
LATMT=$(peer_bin osu_latency_mt); ALLRED=$(peer_bin osu_allreduce); IBCAST=$(peer_bin osu_ibcast)
IMBMT=$(peer_bin IMB-MT); IMBIO=$(peer_bin IMB-IO)
for b in LATMT ALLRED IBCAST IMBMT IMBIO; do
  [ -n "${!b}" ] || { echo "a peer program ($b) is missing under $PEERS" >&2; exit 1; }
done

SCALE=${SCALE:-1}
n() { local v=$(($1 / SCALE)); [ "$v" -ge "$2" ] && echo "$v" || echo "$2"; }  # count, minimum
cat > "$WORK/points.bench" <<B
set timer    = wtime
set outliers = none
set buffer   = 16MiB
pair = comm(2)
begin measurement "threads"
   set scheme = loop_mean
   set sync = barrier
   set iterations = 100
   set warmup = 1
   set reps = $(n 50 2)
   measure pair : Latency_mt(8, MPI_CHAR, 0, 1, 2, 0)
   set iterations = 10
   measure pair : Latency_mt(64kb, MPI_CHAR, 0, 1, 2, 0)
   set iterations = 100
   measure pair : Latency_mt(8, MPI_CHAR, 0, 1, 2, 1)
   set iterations = 10
   measure pair : Latency_mt(64kb, MPI_CHAR, 0, 1, 2, 1)
   set iterations = 1000
   set warmup = 1
   set reps = $(n 10 2)
   measure pair : PingPongMT(8, MPI_CHAR, 0, 1, 2)
   set iterations = 100
   measure pair : PingPongMT(64kb, MPI_CHAR, 0, 1, 2)
end measurement
begin measurement "collectives"
   set scheme = per_call
   set sync = barrier
   set raw_per_rank = on
   set warmup = $(n 200 1)
   set reps = $(n 1000 5)
   for size in [8, 1kb] do
      measure pair : Allreduce(size / 4, MPI_FLOAT, MPI_SUM)
      measure pair : Ibcast(size, MPI_CHAR, 0)
   od
   set warmup = $(n 10 1)
   set reps = $(n 100 5)
   measure pair : Allreduce(16kb, MPI_FLOAT, MPI_SUM)
   measure pair : Ibcast(64kb, MPI_CHAR, 0)
end measurement
begin measurement "io"
   set scheme = per_call
   set sync = barrier
   set warmup = 1
   set reps = $(n 5 2)
   measure pair : P_IWrite_priv(1MiB, 10ms, $(n 20 1), 1)
end measurement
B

# osu_point BINARY SIZE COLUMN ITERATIONS SKIP [options]: the value of the data line of SIZE.
osu_point() {
  local bin=$1 size=$2 col=$3 it=$4 skip=$5
  shift 5
  "$MPIEXEC" -n 2 "$bin" "$@" -m "$size:$size" -i "$it" -x "$skip" 2>/dev/null |
    awk -v s="$size" -v c="$col" '$1 == s { print $c; exit }'
}
run_peers() {  # round
  {
    echo "latmt_8 $(osu_point "$LATMT" 8 2 "$(n 10000 4)" "$(n 100 2)" -t 2:2)"
    echo "latmt_64k $(osu_point "$LATMT" 65536 2 "$(n 1000 4)" "$(n 10 2)" -t 2:2)"
    echo "latmt1_8 $(osu_point "$LATMT" 8 2 "$(n 10000 4)" "$(n 100 2)")"
    echo "latmt1_64k $(osu_point "$LATMT" 65536 2 "$(n 1000 4)" "$(n 10 2)")"
    echo "allred_8 $(osu_point "$ALLRED" 8 2 "$(n 1000 5)" "$(n 200 1)" -T mpi_float)"
    echo "allred_1k $(osu_point "$ALLRED" 1024 2 "$(n 1000 5)" "$(n 200 1)" -T mpi_float)"
    echo "allred_64k $(osu_point "$ALLRED" 65536 2 "$(n 100 5)" "$(n 10 1)" -T mpi_float)"
    # osu_ibcast -f: size, overall, compute, init, MPI_Test, MPI_Wait, pure communication, ...
    echo "ibcast_8 $(osu_point "$IBCAST" 8 7 "$(n 1000 5)" "$(n 200 1)" -f)"
    echo "ibcast_1k $(osu_point "$IBCAST" 1024 7 "$(n 1000 5)" "$(n 200 1)" -f)"
    echo "ibcast_64k $(osu_point "$IBCAST" 65536 7 "$(n 100 5)" "$(n 10 1)" -f)"
    # IMB-MT: -count in elements per thread's message; columns #bytes (count x size x threads),
    # #repetitions, t_min, t_max, t_avg, ...
    OMP_NUM_THREADS=2 "$MPIEXEC" -n 2 "$IMBMT" PingPongMT -thread_level multiple -datatype char \
      -count 8 -repeat "$(n 10000 20)" -warmup "$(n 100 2)" 2>/dev/null | awk '$1 == 16 && NF >= 5 { print "pingpongmt_8", $4; exit }'
    OMP_NUM_THREADS=2 "$MPIEXEC" -n 2 "$IMBMT" PingPongMT -thread_level multiple -datatype char \
      -count 65536 -repeat "$(n 1000 20)" -warmup "$(n 10 2)" 2>/dev/null | awk '$1 == 131072 && NF >= 5 { print "pingpongmt_64k", $4; exit }'
    # IMB-IO nonblocking: #bytes #repetitions t_ovrl t_pure t_CPU overlap
    (cd "$WORK" && "$MPIEXEC" -n 2 "$IMBIO" P_IWrite_priv -npmin 2 -msglog 20:20 -iter "$(n 20 1)" \
      2>/dev/null) | awk '$1 == 1048576 && NF >= 5 { print "iwrite_1m", $3; exit }'
  } >> "$WORK/peers.txt"
}
run_metron() {  # round
  local out=$WORK/metron$1
  METRON_THREAD_LEVEL=multiple "$MPIEXEC" -n 2 "$METRON" exec "$WORK/points.bench" --out "$out" \
    --quiet 2> "$out.err"
  # summary.csv: the median (Metron's number) and the mean (the peers' for the loops); the
  # noise column may hold a quoted comma: fields after it are taken from the row's end.
  awk -F, '
    function f(name,   i) { i = col[name]; return i > col["noise"] ? $(i + NF - H) : $i }
    NR == 1 { H = NF; for (i = 1; i <= NF; i++) col[$i] = i; next }
    {
      op = f("op"); b = f("bytes"); key = ""
      if (op == "Latency_mt") key = f("job") >= 2 ? "latmt1" : "latmt"  # jobs 2, 3: one_sender
      else if (op == "PingPongMT") key = "pingpongmt"
      else if (op == "Allreduce") key = "allred"
      else if (op == "Ibcast") key = "ibcast"
      else if (op == "P_IWrite_priv") key = "iwrite"
      suffix = b == 8 ? "_8" : b == 1024 ? "_1k" : b == 65536 ? "_64k" : "_1m"
      print f("job"), key suffix, f("median_s") * 1e6, f("mean_s") * 1e6
    }' "$out/summary.csv" > "$out/points.txt"
  # OSU's collective number: the mean over ranks of each rank's mean time per call.
  awk -F, 'NR == FNR { split($0, a, " "); key[a[1]] = a[2]; med[a[1]] = a[3]; mean[a[1]] = a[4]; next }
           FNR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
           $col["time_s"] != "" { s[$col["job"], $col["rank"]] += $col["time_s"]; n[$col["job"], $col["rank"]]++; jobs[$col["job"]] = 1 }
           END {
             for (j in key) {
               if (!(j in jobs)) { print key[j], med[j], mean[j]; continue }
               t = 0; for (r = 0; r < 2; r++) t += s[j, r] / n[j, r]
               print key[j], med[j], t / 2 * 1e6
             }
           }' "$out/points.txt" "$out/raw_ranks.csv" >> "$WORK/metron.txt"
}

echo "parity_comparison: $ROUNDS rounds on 2 ranks (load average $(cut -d' ' -f1 /proc/loadavg) on $(nproc) cores)"
interleave "$ROUNDS" run_peers run_metron
comparison_table peer "$WORK/peers.txt" "$WORK/metron.txt" \
  "latmt_8 latmt_64k latmt1_8 latmt1_64k allred_8 allred_1k allred_64k ibcast_8 ibcast_1k ibcast_64k pingpongmt_8 pingpongmt_64k iwrite_1m" \
  "osu_latency_mt -t 2:2 8 B (us);osu_latency_mt -t 2:2 64 KiB (us);osu_latency_mt 8 B (us);osu_latency_mt 64 KiB (us);osu_allreduce 8 B (us);osu_allreduce 1 KiB (us);osu_allreduce 64 KiB (us);osu_ibcast 8 B pure (us);osu_ibcast 1 KiB pure (us);osu_ibcast 64 KiB pure (us);IMB-MT PingPongMT 8 B (us);IMB-MT PingPongMT 64 KiB (us);IMB-IO P_IWrite_priv 1 MiB (us)" 36
