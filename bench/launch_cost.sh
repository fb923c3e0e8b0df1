#!/usr/bin/env bash
# The cost of a launch: `metron exec` of a one-job script against a bare `mpiexec -n NP` of an MPI
# hello world (MPI_Init, rank and size, MPI_Finalize), PAIRS interleaved pairs (ABBA), wall time
# of each whole command. Prints the medians and their ratio (goal, issue 47: <= 1.3), then where
# Metron's start-up goes, by counting rather than timing (timings on a shared machine are noise):
#   - instructions per phase of one launch (valgrind --tool=callgrind), when valgrind is installed;
#   - system calls of both commands (strace -f -c), when strace is installed.
# Usage: bash bench/launch_cost.sh [build dir = build] [pairs = 15] [np = 2]
set -uo pipefail
BUILD=${1:-build}
PAIRS=${2:-15}
NP=${3:-2}
METRON=$(cd "$BUILD" && pwd)/metron
MPIEXEC=${MPIEXEC:-mpiexec.mpich}
MPICC=${MPICC:-mpicc.mpich}
WORK=$(mktemp -d)
[ -n "${KEEP:-}" ] || trap 'rm -rf "$WORK"' EXIT
cd "$WORK" || exit 74
cat > hello.c <<'C'
#include <mpi.h>
#include <stdio.h>
int main(int argc, char** argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (rank == 0) printf("hello from %d ranks\n", size);
  MPI_Finalize();
  return 0;
}
C
"$MPICC" -O2 -o hello hello.c || { echo "cannot build hello.c with $MPICC" >&2; exit 1; }
printf 'set reps = 1\nset warmup = 0\nmeasure comm(2) : Synthetic(1, 1us)\n' > one.bench

now() { date +%s.%N; }
hello() { "$MPIEXEC" -n "$NP" ./hello > /dev/null; }
# Each launch writes a folder of its own: removing the last one is not part of a launch's cost.
LAUNCHED=0
launch_metron() {
  LAUNCHED=$((LAUNCHED + 1))
  "$MPIEXEC" -n "$NP" "$METRON" exec one.bench --out "out$LAUNCHED" --quiet > /dev/null 2>&1
}
timed() {  # label command
  local t0 t1
  t0=$(now); "$2"; t1=$(now)
  echo "$1 $(echo "$t1 - $t0" | bc -l)" >> times.txt
}
hello; launch_metron  # warm the page cache
echo "launch_cost: $PAIRS pairs on $NP ranks (load average $(cut -d' ' -f1 /proc/loadavg) on $(nproc) cores)"
for i in $(seq 1 "$PAIRS"); do
  if [ $((i % 2)) -eq 1 ]; then timed hello hello; timed metron launch_metron
  else timed metron launch_metron; timed hello hello; fi
done
awk '{ v[$1, ++n[$1]] = $2 }
  function median(k,    i, j, t, m, a) {
    m = n[k]; for (i = 1; i <= m; i++) a[i] = v[k, i]
    for (i = 2; i <= m; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
    return m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2 }
  END { h = median("hello"); m = median("metron")
        printf "%-28s %10s\n", "command", "median s"
        printf "%-28s %10.4f\n", "mpiexec -n NP hello", h
        printf "%-28s %10.4f\n", "mpiexec -n NP metron exec", m
        printf "ratio metron / hello: %.2f (goal <= 1.3)\n", m / h }' times.txt

# Where the start-up goes, by instructions (valgrind's callgrind, one rank without mpiexec:
# MPICH starts a singleton): each phase's inclusive count and its share of the whole process.
phases() {  # callgrind output file, then "label=function pattern" pairs
  local f=$1; shift
  local total; total=$(callgrind_annotate "$f" 2> /dev/null | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1}')
  printf "  %-34s %14s %7s\n" "phase (inclusive)" "instructions" "share"
  printf "  %-34s %14s %7s\n" "whole process" "$total" "100%"
  for pair in "$@"; do
    local label=${pair%%=*} pat=${pair#*=} n
    n=$(callgrind_annotate --inclusive=yes "$f" 2> /dev/null | grep -F -- "$pat" | head -1 | awk '{gsub(",", "", $1); print $1}')
    [ -n "$n" ] && printf "  %-34s %14s %6.1f%%\n" "$label" "$n" "$(echo "100 * $n / $total" | bc -l)"
  done
}
if command -v valgrind > /dev/null && command -v callgrind_annotate > /dev/null; then
  printf 'set reps = 1\nset warmup = 0\nmeasure comm(1) : Synthetic(1, 1us)\n' > one1.bench
  rm -rf cg-out
  valgrind --tool=callgrind --callgrind-out-file=metron.cg "$METRON" exec one1.bench --out cg-out --quiet > /dev/null 2>&1
  valgrind --tool=callgrind --callgrind-out-file=hello.cg ./hello > /dev/null 2>&1
  echo
  echo "metron exec of a one-job script, one rank:"
  phases metron.cg "dynamic linking=rtld.c:_dl_start" "MPI_Init=PMPI_Init" \
    "parse and plan=metron::load_program(" "system facts and timers=gather_launch_facts(" \
    "  of which timer probes=metron::rt::probe_timer(" "manifest (hashes, plan JSON)=ManifestBuilder::ManifestBuilder(" \
    "the job=LaunchWalk::run_job(" "MPI_Finalize=PMPI_Finalize"
  echo "hello world, one rank:"
  phases hello.cg "dynamic linking=rtld.c:_dl_start" "MPI_Init=PMPI_Init" "MPI_Finalize=PMPI_Finalize"
fi

if command -v strace > /dev/null; then
  echo
  echo "system calls (strace -f -c; the totals line):"
  strace -f -c -o hello.strace "$MPIEXEC" -n "$NP" ./hello > /dev/null 2>&1
  rm -rf strace-out
  strace -f -c -o metron.strace "$MPIEXEC" -n "$NP" "$METRON" exec one.bench --out strace-out --quiet > /dev/null 2>&1
  printf "  %-8s %s\n" hello "$(grep total hello.strace)" metron "$(grep total metron.strace)"
  echo "  metron's most frequent calls:"
  sort -k4 -n -r metron.strace | grep -v total | head -8 | sed 's/^/    /'
fi
