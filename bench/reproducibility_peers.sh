#!/usr/bin/env bash
# Reproducibility against the peers (issue 47, item 4): ROUNDS rounds, each one Metron run
# (`metron run` with its defaults, or `--replicates LAUNCHES` when LAUNCHES is a number) and one launch of
# each peer that is there (OSU osu_bcast, SKaMPI, IMB-MPI1 Bcast), MPI_Bcast at 8 B, 1 KiB and
# 32 KiB on 2 ranks, interleaved (ABBA). Per tool and size, the value of a round is what that tool
# reports from its launch(es): Metron's Hodges-Lehmann location of the per-launch medians
# (analysis.csv), OSU's average latency, SKaMPI's value (results of its .ski run), IMB's t_avg.
# Printed per size: each tool's spread across the rounds (max/min - 1) and Metron's spread divided
# by the best single-launch peer's. Goal: <= 0.5 at every size, with `metron run`'s defaults.
# Also printed: the launches and the wall time of each Metron round, and of each peer's launch
# (the cost of the defaults).
#
# The peers are never part of Metron: build them from their public sources first
# (/work/shared/tools/build-peers.sh OUT osu=OSU_GITDIR skampi=SKAMPI_GITDIR imb=IMB_GITDIR) and
# pass OUT/bin; a peer that is missing is left out.
# Usage: bash bench/reproducibility_peers.sh PEER_BIN_DIR [build dir = build] [rounds = 5]
#        [launches = default: a comma-separated list of Metron configurations, `default`, a
#        count N for --replicates N, or pace:S for the defaults with each launch started S seconds
#        after the last; each is run every round: "default,1" sets the defaults beside one launch]
set -uo pipefail
. "$(dirname "$0")/comparison_lib.sh"
. "$(dirname "$0")/bcast_peers_lib.sh"
PEERS=$(cd "${1:?usage: reproducibility_peers.sh PEER_BIN_DIR [build dir] [rounds] [launches]}" && pwd)
BUILD=${2:-build}
ROUNDS=${3:-5}
LAUNCHES=${4:-default}
METRON=$(cd "$BUILD" && pwd)/metron
MPIEXEC=${MPIEXEC:-mpiexec.mpich}
WORK=${OUT:-$(mktemp -d "${TMPDIR:-/tmp}/metron-repro-peers.XXXXXX")}
mkdir -p "$WORK"
cd "$WORK" || exit 74
bcast_peers_setup "$PEERS"

# values.txt: "tool size value_us round"; cost.txt: "tool launches seconds"; each Metron
# configuration is a tool of its own: "metron" (the defaults) or "metron_rN" (--replicates N).
run_metron_as() {
  local r=$1 config=$2 tool=metron count=() t0
  case "$config" in
    default) ;;
    pace:*)  # the defaults, each launch started S seconds after the last (an experiment)
      tool=metron_pace${config#pace:}
      count=(--launcher "sh -c 'sleep ${config#pace:}; exec $MPIEXEC -n {np} {metron} exec {script} --out {dir} --launch {launch} --levels {levels} --seed {seed} --quiet'") ;;
    *) count=(--replicates "$config"); tool=metron_r$config ;;
  esac
  t0=$(date +%s.%N)
  "$METRON" run bcast.bench --np 2 "${count[@]}" --seed $((3000 + r)) --out "$tool-$r" \
    --quiet > "$tool-$r.log" 2>&1 || { echo "metron round $r failed ($tool-$r.log)" >&2; return; }
  echo "$tool $(ls "$tool-$r/launches" | wc -l) $(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { print b - a }')" >> cost.txt
  awk -F, -v r="$r" -v t="$tool" 'NR==1{for(i=1;i<=NF;i++) c[$i]=i; next}
    {print t, $c["bytes"], $c["hl_of_medians_s"] * 1e6, r}' "$tool-$r/analysis.csv" >> values.txt
}
run_metron() {
  local config
  for config in ${LAUNCHES//,/ }; do run_metron_as "$1" "$config"; done
}
run_peers() {
  local t0
  t0=$(date +%s.%N)
  bcast_peers_once "$1"
  echo "peers 1 $(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { print b - a }')" >> cost.txt
}

# Lag-1 autocorrelation of the per-launch medians in the order the launches ran, per size,
# averaged over the rounds of the default configuration: near 0 when launches are independent.
launch_autocorrelation() {
  local d
  for d in metron-*/; do
    [ -f "$d/manifest.json" ] || continue
    tr -d ' \n' < "$d/manifest.json" | grep -o '"order":\[[0-9,]*\]' | head -1 |
      tr -dc '0-9,\n' | awk -v d="$d" '{ print "order", $0 }'
    awk -F, 'NR==1{for(i=1;i<=NF;i++) c[$i]=i; next} {print "median", $c["launch"], $c["bytes"], $c["median_s"]}' "$d/summary.csv"
    echo end
  done | awk '
    $1 == "order" { n = split($2, order, ","); delete m; next }
    $1 == "median" { m[$3, $2] = $4; sizes[$3] = 1; next }
    $1 == "end" {
      for (s in sizes) {
        k = 0; sum = 0
        for (i = 1; i <= n; i++) if ((s, order[i]) in m) { x[++k] = m[s, order[i]]; sum += x[k] }
        if (k < 5) continue
        mean = sum / k; num = 0; den = 0
        for (i = 1; i <= k; i++) { den += (x[i] - mean) ^ 2; if (i > 1) num += (x[i] - mean) * (x[i - 1] - mean) }
        if (den > 0) { r[s] += num / den; rounds[s]++ }
      }
    }
    END { for (s in r) printf "launch-to-launch autocorrelation at %d B: %.2f (mean of %d rounds)\n", s, r[s] / rounds[s], rounds[s] }' | sort -t' ' -k4n
}

echo "reproducibility_peers: $ROUNDS rounds, Metron launches a round: $LAUNCHES (load average $(cut -d' ' -f1 /proc/loadavg) on $(nproc) cores)"
echo "peers: ${OSU:-no osu_bcast} ${SKAMPI:-no skampi} ${IMB:-no IMB-MPI1}"
: > values.txt
: > cost.txt
interleave "$ROUNDS" run_peers run_metron
awk -v sizes="$BCAST_SIZES" '
  { k = $1 SUBSEP $2; if (!(k in lo) || $3 < lo[k]) lo[k] = $3; if (!(k in hi) || $3 > hi[k]) hi[k] = $3
    if (!($1 in seen)) { seen[$1] = 1; tools[++nt] = $1 } }
  END {
    split(sizes, z, " ")
    # Peers first, then the Metron configurations, each in the order first seen.
    for (i = 1; i <= nt; i++) if (tools[i] !~ /^metron/) order[++no] = tools[i]
    for (i = 1; i <= nt; i++) if (tools[i] ~ /^metron/) { order[++no] = tools[i]; metrons[++nm] = tools[i] }
    printf "%8s", "bytes"; for (i = 1; i <= no; i++) printf "  %14s", order[i] "_spread"
    for (i = 1; i <= nm; i++) printf "  %14s", "ratio_" metrons[i]; printf "\n"
    for (j = 1; j <= 3; j++) {
      s = z[j]; best = ""; printf "%8d", s
      for (i = 1; i <= no; i++) {
        t = order[i]; k = t SUBSEP s; sp[t] = (k in lo && lo[k] > 0) ? hi[k] / lo[k] - 1 : -1
        printf "  %13.1f%%", 100 * sp[t]
        if (t !~ /^metron/ && sp[t] >= 0 && (best == "" || sp[t] < best)) best = sp[t]
      }
      for (i = 1; i <= nm; i++)
        printf "  %14s", (best == "" || best <= 0) ? "-" : sprintf("%.2f", sp[metrons[i]] / best)
      printf "\n"
    }
    print "(spread: max/min - 1 of the round values; ratio: a Metron spread / the best single-launch peer spread; goal: <= 0.5 at every size with the defaults)"
  }' values.txt
awk '{ if (!($1 in n)) names[++k] = $1; n[$1]++; l[$1] = l[$1] " " $2; t[$1] += $3 }
  END { for (i = 1; i <= k; i++) printf "%s: launches a round:%s; mean wall time a round %.2f s\n", names[i], l[names[i]], t[names[i]] / n[names[i]] }' cost.txt
launch_autocorrelation
echo "results: $WORK" >&2
