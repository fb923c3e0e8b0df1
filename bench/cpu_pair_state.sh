#!/usr/bin/env bash
# The VM's CPU-pair state against what Metron measures (issue 47, items 3 and 4). On the 2-core
# development VM every tool sometimes runs up to twice as fast for seconds at a time; this bench
# asks whether those periods are the times when the host runs the VM's two CPUs on one core. Each
# of LAUNCHES rounds runs bench/cpu_pair_probe.c (a cache-line round trip between CPUs 0 and 1)
# before and after one `metron exec` of MPI_Allreduce 8 B and MPI_Bcast 1 KiB on 2 ranks, and
# keeps the launch when both probes agree on the state: "one core" (round trip under
# THRESHOLD_NS) or "two cores". Printed per job and state: the launches and the quartiles of
# their medians. Usage: bash bench/cpu_pair_state.sh [build dir = build] [launches = 200]
#        [threshold ns = 350]
set -uo pipefail
BUILD=${1:-build}
LAUNCHES=${2:-200}
THRESHOLD=${3:-350}
METRON=$(cd "$BUILD" && pwd)/metron
MPIEXEC=${MPIEXEC:-mpiexec.mpich}
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=${OUT:-$(mktemp -d "${TMPDIR:-/tmp}/metron-cpu-pair.XXXXXX")}
mkdir -p "$WORK"
cd "$WORK" || exit 74
cc -O2 -pthread -o probe "$HERE/cpu_pair_probe.c" || { echo "cannot build the probe" >&2; exit 71; }
./probe 0 1 1000 > /dev/null || { echo "the probe needs CPUs 0 and 1" >&2; exit 69; }
cat > pair.bench <<'B'
set warmup = 50
begin measurement "pair"
  measure MPI_COMM_WORLD : Allreduce(8, MPI_CHAR, MPI_BOR)
  measure MPI_COMM_WORLD : Bcast(1024, MPI_CHAR, 0)
end measurement
B
# rows.txt: "state before_ns after_ns job value_us"
for ((i = 0; i < LAUNCHES; ++i)); do
  before=$(./probe 0 1 20000)
  rm -rf m
  "$MPIEXEC" -n 2 "$METRON" exec pair.bench --out m --quiet > m.log 2>&1 \
    || { echo "launch $i failed (m.log)" >&2; continue; }
  after=$(./probe 0 1 20000)
  awk -F, -v b="$before" -v a="$after" -v t="$THRESHOLD" \
    'NR==1{for(i=1;i<=NF;i++) c[$i]=i; next}
     {s = (b < t && a < t) ? "one_core" : (b >= t && a >= t) ? "two_cores" : "changed";
      print s, b, a, $c["op"] ":" $c["bytes"], $c["median_s"] * 1e6}' m/summary.csv >> rows.txt
done
echo "cpu_pair_state: $LAUNCHES launches, probe threshold $THRESHOLD ns ($(nproc) CPUs; load average $(cut -d' ' -f1-3 /proc/loadavg))"
printf '%-16s %-10s %8s %10s %10s %10s %16s\n' job state launches q1_us median_us q3_us probe_median_ns
# quartile FILE Q: the Q-quartile (1, 2 or 3) of a sorted column of numbers, or "-"
quartile() { awk -v q="$2" '{v[NR] = $1} END {print NR ? v[int((q * NR + 2) / 4)] : "-"}' "$1"; }
for job in $(awk '{print $4}' rows.txt | sort -u); do
  for state in one_core two_cores changed; do
    awk -v j="$job" -v s="$state" '$4 == j && $1 == s {print $5}' rows.txt | sort -g > v.txt
    awk -v j="$job" -v s="$state" '$4 == j && $1 == s {print ($2 + $3) / 2}' rows.txt | sort -g > p.txt
    printf '%-16s %-10s %8d %10s %10s %10s %16s\n' "$job" "$state" "$(wc -l < v.txt)" \
      "$(quartile v.txt 1)" "$(quartile v.txt 2)" "$(quartile v.txt 3)" "$(quartile p.txt 2)"
  done
done
echo "(state: both probes of a launch under the threshold: one_core; both over: two_cores; else changed)"
echo "results: $WORK"
