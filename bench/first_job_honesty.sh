#!/usr/bin/env bash
# Benchmark (issue 35): is the first job of a fresh launch honest for every operation family?
# Per case (family x size) and fresh launch: a SKaMPI-style first job (8 to 1000 repetitions,
# RSE <= 5%, default warm-up `auto`), then a fixed-repetition job of the same call later in the
# same launch (the steady state). A launch is honest when its first-job median lies within 1.5x
# of its steady-state median. Families: blocking and nonblocking collectives, ping-pong and
# bandwidth, one-sided, MPI-IO; sizes small (8 B), medium (4 KiB), large (1 MiB). Launches run
# case after case, round after round, so that a change of the machine's load spreads over all
# cases. Prints one row per case and the share of launches within 1.5x (target: at least 95%).
# BUSY busy loops (started and stopped by this script) raise the load; the load averages at the
# start and the end are printed.
# Usage: bash bench/first_job_honesty.sh [build dir] [launches per case = 5] [busy loops = 0]
# (MPIEXEC: the mpiexec to use; default MPICH's mpiexec.mpich, the library metron is built with)
set -euo pipefail
BUILD=${1:-build}
LAUNCHES=${2:-5}
BUSY=${3:-0}
METRON=$(cd "$BUILD" && pwd)/metron
WORK=$(mktemp -d)
PIDS=()
cleanup() {
  for p in "${PIDS[@]}"; do kill "$p" 2> /dev/null || true; done
  rm -rf "$WORK"
}
trap cleanup EXIT
for _ in $(seq 1 "$BUSY"); do
  (while :; do :; done) &
  PIDS+=($!)
done
[ "$BUSY" -gt 0 ] && sleep 60  # let the 1-minute load average follow
load_start=$(cut -d' ' -f1-3 /proc/loadavg)

# family|name|call with @N@ (bytes) and @C4@ (@N@ / 4, at least 1)
CASES=(
  "blocking|Bcast|Bcast(@N@, MPI_CHAR, 0)"
  "blocking|Allreduce|Allreduce(@C4@, MPI_INT, MPI_SUM)"
  "nonblocking|Ibcast|Ibcast(@N@, MPI_CHAR, 0)"
  "nonblocking|Iallreduce|Iallreduce(@C4@, MPI_INT, MPI_SUM)"
  "pingpong|Pingpong_Send_Recv|Pingpong_Send_Recv(@N@, MPI_CHAR)"
  "bandwidth|Bandwidth|Bandwidth(@N@, MPI_CHAR)"
  "one-sided|Put_latency|Put_latency(@N@, MPI_CHAR)"
  "MPI-IO|P_Read_expl|P_Read_expl(@N@)"
)
SIZES=(8 4096 1048576)
script() {  # script CALL STEADY_REPS
  # 80 MB: Bandwidth's window of 64 messages of 1 MiB
  cat << B
set_skampi_buffer(80MB)
begin measurement "first"
  set_min_repetitions(8)
  set_max_repetitions(1000)
  set_max_relative_standard_error(0.05)
  measure MPI_COMM_WORLD : $1
end measurement
begin measurement "steady"
  set reps = $2
  measure MPI_COMM_WORLD : $1
end measurement
B
}
for c in "${CASES[@]}"; do
  IFS='|' read -r fam name call <<< "$c"
  for n in "${SIZES[@]}"; do
    c4=$((n / 4 > 0 ? n / 4 : 1))
    reps=$((n >= 1048576 ? 300 : 500))
    s=${call//@C4@/$c4}
    script "${s//@N@/$n}" "$reps" > "$WORK/$name-$n.bench"
  done
done
: > "$WORK/rows.txt"
for l in $(seq 1 "$LAUNCHES"); do
  for c in "${CASES[@]}"; do
    IFS='|' read -r fam name call <<< "$c"
    for n in "${SIZES[@]}"; do
      out="$WORK/out-$name-$n-$l"
      if ! ${MPIEXEC:-mpiexec.mpich} -n 2 "$METRON" exec "$WORK/$name-$n.bench" --out "$out" --quiet 2> "$out.err"; then
        echo "$fam $name $n $l failed: $(head -c 300 "$out.err")" >&2
        continue
      fi
      # family name bytes launch first_s steady_s n warmup warmup_end stop_reason truncated noise
      awk -F, -v f="$fam" -v o="$name" -v b="$n" -v l="$l" '
        NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
        { med[$col["block"]] = $col["median_s"]; nn[$col["block"]] = $col["n"]
          wu[$col["block"]] = $col["warmup"]; we[$col["block"]] = $col["warmup_end"]
          sr[$col["block"]] = $col["stop_reason"]; tr[$col["block"]] = $col["truncated"]
          no[$col["block"]] = $col["noise"] != "" ? "noisy" : "-" }
        END { printf "%s %s %s %s %s %s %s %s %s %s %s %s\n", f, o, b, l, med["first"], med["steady"],
              nn["first"], wu["first"], we["first"], sr["first"], tr["first"], no["first"] }' \
        "$out/summary.csv" >> "$WORK/rows.txt"
    done
  done
done
load_end=$(cut -d' ' -f1-3 /proc/loadavg)

printf "%-11s %-18s %8s | %8s %12s %12s | %s\n" family operation bytes launches first_us steady_us "within 1.5x"
awk '
  { key = $1 " " $2 " " $3; if (!(key in seen)) { order[++k] = key; seen[key] = 1 }
    r = $5 / $6; t[key]++; if (r <= 1.5 && r >= 1 / 1.5) w[key]++
    f[key] = f[key] " " $5; s[key] = s[key] " " $6 }
  function med(list,   a, m, i, j, x) {
    m = split(list, a, " ")
    for (i = 2; i <= m; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x }
    return (m % 2) ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2 }
  END {
    for (i = 1; i <= k; i++) { split(order[i], p, " ")
      printf "%-11s %-18s %8d | %8d %12.3f %12.3f | %d/%d\n", p[1], p[2], p[3], t[order[i]],
        1e6 * med(f[order[i]]), 1e6 * med(s[order[i]]), w[order[i]], t[order[i]]
      all += t[order[i]]; ok += w[order[i]] }
    printf "\nlaunches within 1.5x of their steady state: %d/%d (%.1f%%; target >= 95%%)\n", ok, all, 100 * ok / all }
' "$WORK/rows.txt"
echo "misses (family operation bytes launch first_us steady_us ratio n warm-up warmup_end stop truncated noise):"
awk '{ r = $5 / $6; if (r > 1.5 || r < 1 / 1.5)
  printf "  %s %s %s %s %.3f %.3f %.2f %s %s %s %s %s %s\n", $1, $2, $3, $4, 1e6 * $5, 1e6 * $6, r, $7, $8, $9, $10, $11, $12 }' "$WORK/rows.txt"
echo "busy loops: $BUSY; load average at the start: $load_start, at the end: $load_end (on $(nproc) cores)"
