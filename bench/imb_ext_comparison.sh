#!/usr/bin/env bash
# Benchmark (issue 33): Metron's Ext_unidir_put against IMB-EXT's Unidir_Put (Intel MPI
# Benchmarks 2021) on 2 ranks, interleaved in one session: the non-aggregate mode at 8 B, 64 KiB
# and 1 MiB, the aggregate mode at 8 B and 64 KiB, each with IMB's sample counts (n_sample =
# min(1000, 40 MiB / size)) and the settings of stdlib-benchmarks/imb_ext.bench. Each round runs
# IMB-EXT once (both modes, the five sizes) and one Metron launch with the five points, in
# alternating order (ABBA, so that a drift of the machine hits both alike). Prints per point the
# median over rounds of IMB's t (its t_max over the pair: the time per sample of the slower
# rank, in us) and of Metron's median time per sample (the slower rank per call, `runtime =
# local`, over loop_reps calls of n_sample samples), their ratio (Metron / IMB), and the same
# from Metron's mean time.
#
# IMB is never part of Metron: build IMB-EXT from its public source first, e.g. export
# github:intel/mpi-benchmarks as /work/shared/tools/build-peers.sh does and run `make IMB-EXT
# CC=mpicc CXX=mpicxx` there (build-peers.sh builds IMB-MPI1, IMB-NBC, IMB-RMA and IMB-IO only),
# and pass the folder holding IMB-EXT.
# Usage: bash bench/imb_ext_comparison.sh IMB_BIN_DIR [build dir = build] [rounds = 5]
set -euo pipefail
. "$(dirname "$0")/comparison_lib.sh"
IMB=$(cd "${1:?usage: imb_ext_comparison.sh IMB_BIN_DIR [build dir] [rounds]}" && pwd)
BUILD=${2:-build}
ROUNDS=${3:-5}
METRON=$(cd "$BUILD" && pwd)/metron
MPIEXEC=${MPIEXEC:-mpiexec.mpich}  # may carry options: MPIEXEC="mpiexec -bind-to core"
EXT=$(find -L "$IMB" -name IMB-EXT -type f -perm -u+x | head -1)
[ -n "$EXT" ] || { echo "IMB-EXT not found under $IMB" >&2; exit 1; }
WORK=$(mktemp -d)
[ -n "${KEEP:-}" ] || trap 'rm -rf "$WORK"' EXIT; echo "work: $WORK" >&2

printf '8\n65536\n1048576\n' > "$WORK/lens.txt"
cat > "$WORK/points.bench" <<'B'
# The imb_ext.bench settings of the compared points.
set timer      = wtime
set outliers   = none
set truncation = none
set sync       = double_barrier
set buffer     = 16MiB
msgspersample = 1000
overall_vol   = 40MiB
loop_reps     = 10
time_limit    = 10s
pair = comm(2)
begin measurement "put_na_8"
   size = 8
   @include "imb_onesided_samples.inc"
   measure pair : Ext_unidir_put(size, MPI_BYTE, n_sample, 0)
end measurement
begin measurement "put_na_64k"
   size = 64kb
   @include "imb_onesided_samples.inc"
   measure pair : Ext_unidir_put(size, MPI_BYTE, n_sample, 0)
end measurement
begin measurement "put_na_1m"
   size = 1MiB
   @include "imb_onesided_samples.inc"
   measure pair : Ext_unidir_put(size, MPI_BYTE, n_sample, 0)
end measurement
begin measurement "put_ag_8"
   size = 8
   @include "imb_onesided_samples.inc"
   measure pair : Ext_unidir_put(size, MPI_BYTE, n_sample, 1)
end measurement
begin measurement "put_ag_64k"
   size = 64kb
   @include "imb_onesided_samples.inc"
   measure pair : Ext_unidir_put(size, MPI_BYTE, n_sample, 1)
end measurement
B

# IMB-EXT prints the aggregate section, then the non-aggregate one: "#bytes #repetitions t Mbytes/sec".
run_imb() {
  (cd "$WORK" && $MPIEXEC -n 2 "$EXT" Unidir_Put -msglen lens.txt -iter 1000,40 -time 10 2>/dev/null) |
    awk '
      /MODE: AGGREGATE/ { m = "ag" } /MODE: NON-AGGREGATE/ { m = "na" }
      m != "" && $1 ~ /^[0-9]+$/ && NF == 4 {
        k = $1 == 8 ? "8" : $1 == 65536 ? "64k" : $1 == 1048576 ? "1m" : ""
        if (k != "" && !(m == "ag" && k == "1m")) print "put_" m "_" k, $3
      }' >> "$WORK/imb.txt"
}
run_metron() {  # round
  $MPIEXEC -n 2 "$METRON" exec "$WORK/points.bench" --out "$WORK/metron$1" --quiet \
    2> "$WORK/metron$1.err"
  awk -F, '
    function f(name,   i) { i = col[name]; return i > col["noise"] ? $(i + NF - H) : $i }
    NR == 1 { H = NF; for (i = 1; i <= NF; i++) col[$i] = i; next }
    { print f("block"), f("median_s") * 1e6, f("mean_s") * 1e6 }' \
    "$WORK/metron$1/summary.csv" >> "$WORK/metron.txt"
}

echo "imb_ext_comparison: $ROUNDS rounds on 2 ranks (load average $(cut -d' ' -f1 /proc/loadavg) on $(nproc) cores)"
interleave "$ROUNDS" run_imb run_metron
comparison_table IMB "$WORK/imb.txt" "$WORK/metron.txt" \
  "put_na_8 put_na_64k put_na_1m put_ag_8 put_ag_64k" \
  "Unidir_Put 8 B (us);Unidir_Put 64 KiB (us);Unidir_Put 1 MiB (us);aggregate 8 B (us);aggregate 64 KiB (us)" 28
if [ -n "${VALUES:-}" ]; then
  for f in imb metron; do echo "$f:"; sort -k1,1 -k2,2g "$WORK/$f.txt" | awk '{ a[$1] = a[$1] " " $2 } END { for (k in a) print "  " k a[k] }'; done
fi
