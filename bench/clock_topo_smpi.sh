#!/usr/bin/env bash
# Clock synchronization at scale, simulated: `metron clock-check` under SimGrid SMPI on
# stdlib-benchmarks/platforms/two_level_256x4.xml (nodes of PPN = 4 ranks) at p = 2, 4, ..., P_MAX,
# one smpirun per method and p, with a per-node clock skew injected through METRON_CLOCK_SKEW
# (every rank of node n > 0 gets node n's offset and drift; node 0 holds the root and none).
# Prints the synchronization time per p and the largest offset to rank 0 right after the sync
# and 5 s later (simulated seconds), per p, for every method (docs/clocksync.md, section 6).
#   bash bench/clock_topo_smpi.sh [SMPI_METRON=build/smpi/metron] [P_MAX=1024] [OUT_DIR=clock_topo]
# METHODS (comma-separated), SYNC_ARGS (clock-check's parameters) and LIMIT_S (wall seconds per
# smpirun; a method that runs past it is not run at larger p) override the defaults.
set -u
METRON=${1:-build/smpi/metron}
PMAX=${2:-1024}
OUT=${3:-clock_topo}
SRC=$(cd "$(dirname "$0")/.." && pwd)
PLATFORM=$SRC/stdlib-benchmarks/platforms/two_level_256x4.xml
PPN=4
METHODS=${METHODS:-none,skampi,netgauge,jk,hca,hca2,hca3,hca3o,topo2:hca3:hca3,topo2:hca3:skampi,topo2:hca3:propagate,topo2:hca3o:propagate}
# ReproMPI's code defaults (20 fitpoints x 10 exchanges): the simulated network has no noise,
# and the paper's 1000 x 100 would be 10^8 simulated messages per tree level at p = 1024.
SYNC_ARGS=${SYNC_ARGS:---fitpoints 20 --exchanges 10 --rtt-pingpongs 20 --pingpongs 10}
LIMIT_S=${LIMIT_S:-600}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
case $METRON in /*) ;; *) METRON=$PWD/$METRON ;; esac

# Node n's skew: offsets of -5..5 ms and drifts of -50..50 ppm, fixed by n (a reproducible mix).
skew_for() {
  local p=$1 s="" r n
  for ((r = 0; r < p; r++)); do
    n=$((r / PPN))
    [ "$n" -eq 0 ] && continue
    s+="${s:+,}$r:$(awk -v n="$n" 'BEGIN { printf "%.6f:%d", ((n * 7) % 11 - 5) * 1e-3, ((n * 13) % 21 - 10) * 5 }')"
  done
  echo "$s"
}

ps=()
for ((p = 2; p <= PMAX; p *= 2)); do ps+=("$p"); done
declare -A dead=()
for p in "${ps[@]}"; do
  hosts=$OUT/hosts_p$p
  : > "$hosts"
  for ((n = 0; n * PPN < p; n++)); do echo "node-$n:$PPN" >> "$hosts"; done
  skew=$(skew_for "$p")
  IFS=, read -r -a ms <<< "$METHODS"
  for m in "${ms[@]}"; do
    [ -n "${dead[$m]:-}" ] && continue
    tag=${m//:/_}
    start=$(date +%s.%N)
    # shellcheck disable=SC2086
    # From $OUT: smpirun leaves its temporary hostfile (smpitmp-*) in the working directory.
    (cd "$OUT" && METRON_CLOCK_SKEW=$skew timeout "$LIMIT_S" smpirun -np "$p" -platform "$PLATFORM" \
      -hostfile "$hosts" --cfg=smpi/simulate-computation:no --log=root.thres:critical \
      "$METRON" clock-check --methods "$m" $SYNC_ARGS --after 0,5 \
      --csv "$OUT/clock_${tag}_p$p.csv" > "$OUT/clock_${tag}_p$p.txt" 2>&1)
    rc=$?
    wall=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }')
    echo "$m p=$p rc=$rc wall=${wall}s" >&2
    if [ "$rc" -ne 0 ]; then
      dead[$m]=1
      rm -f "$OUT/clock_${tag}_p$p.csv"
    fi
  done
done

# One row per method: sync time (ms) per p, then per p the largest |offset| (us) at 0 s / 5 s.
for f in "$OUT"/clock_*_p*.csv; do
  [ -e "$f" ] || continue
  p=${f##*_p}; p=${p%.csv}
  awk -F, -v p="$p" 'NR > 1 { print $1 "," p "," $3 "," $4 "," $6 }' "$f"
done | awk -F, -v ps="${ps[*]}" -v methods="$METHODS" '
  { sync[$1, $2] = $3; off[$1, $2, $4 + 0] = $5 }
  END {
    np = split(ps, P, " "); nm = split(methods, M, ",")
    printf "sync time [ms] (simulated)\n%-22s", "method"
    for (i = 1; i <= np; i++) printf " %9s", "p=" P[i]
    printf "\n"
    for (k = 1; k <= nm; k++) {
      printf "%-22s", M[k]
      for (i = 1; i <= np; i++)
        if ((M[k], P[i]) in sync) printf " %9.3f", sync[M[k], P[i]] * 1e3; else printf " %9s", "-"
      printf "\n"
    }
    printf "\nmax |offset to rank 0| [us], right after the sync / 5 s later\n%-22s", "method"
    for (i = 1; i <= np; i++) printf " %15s", "p=" P[i]
    printf "\n"
    for (k = 1; k <= nm; k++) {
      printf "%-22s", M[k]
      for (i = 1; i <= np; i++)
        if ((M[k], P[i]) in sync)
          printf " %15s", sprintf("%.2f/%.2f", off[M[k], P[i], 0] * 1e6, off[M[k], P[i], 5] * 1e6)
        else printf " %15s", "-"
      printf "\n"
    }
  }'
