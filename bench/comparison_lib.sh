# Shared by the side-by-side comparisons (osu_comparison.sh, osu_rma_comparison.sh,
# imb_comparison.sh): the interleaved rounds and the table of medians over rounds. Source it.

# interleave ROUNDS PEER_FN METRON_FN: ROUNDS rounds, each running both functions with the round
# number, in alternating order (ABBA: odd rounds the peer first, even rounds Metron first), so
# that a drift of the machine during the session hits both tools alike.
interleave() {
  local rounds=$1 peer=$2 metron=$3 r
  for r in $(seq 1 "$rounds"); do
    if [ $((r % 2)) -eq 1 ]; then "$peer" "$r"; "$metron" "$r"; else "$metron" "$r"; "$peer" "$r"; fi
  done
}

# comparison_table PEER PEER_FILE METRON_FILE KEYS LABELS [WIDTH]: PEER_FILE holds lines
# "key value" of the peer, METRON_FILE lines "key value mean_value" of Metron, one per round and
# point. Prints per point (KEYS, space-separated, in order; LABELS, ';'-separated) the median
# over rounds of each tool, their ratio (Metron / peer), and the same for Metron's mean-based
# value (the peers report loop means, so on a machine that deschedules the ranks the mean
# columns compare like with like).
comparison_table() {
  awk -v peer="$1" -v peer_file="$2" -v keys="$4" -v labels="$5" -v width="${6:-30}" '
    function median(a, cnt,   i, j, t) {
      for (i = 2; i <= cnt; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
      return cnt % 2 ? a[(cnt + 1) / 2] : (a[cnt / 2] + a[cnt / 2 + 1]) / 2
    }
    FNR == 1 { tool = FILENAME == peer_file ? "peer" : "metron" }
    $2 != "" { k = tool SUBSEP $1; n[k]++; v[k, n[k]] = $2; w[k, n[k]] = $3; seen[$1] = 1 }
    END {
      points = split(keys, order, " "); split(labels, label, ";")
      printf "%-" width "s %9s %9s %6s %11s %6s\n", "point", peer, "Metron", "ratio", "Metron_mean", "ratio"
      for (i = 1; i <= points; i++) {
        p = order[i]; if (!(p in seen)) continue
        kp = "peer" SUBSEP p; km = "metron" SUBSEP p
        for (j = 1; j <= n[kp]; j++) ap[j] = v[kp, j]
        for (j = 1; j <= n[km]; j++) { am[j] = v[km, j]; aw[j] = w[km, j] }
        o = n[kp] ? median(ap, n[kp]) : 0; m = n[km] ? median(am, n[km]) : 0; mm = n[km] ? median(aw, n[km]) : 0
        printf "%-" width "s %9.2f %9.2f %6.3f %11.2f %6.3f\n", label[i], o, m, (o > 0 ? m / o : 0), mm, (o > 0 ? mm / o : 0)
      }
    }' "$2" "$3"
}
