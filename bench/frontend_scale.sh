#!/bin/bash
# frontend_scale.sh: how long the front end takes on large plans (a benchmark, not a test).
# Generates scripts of 1 000 to 100 000 jobs (two nested loops around one `measure`), runs
# `metron check`, `metron plan --np 4` and `metron plan --np 4 --json` on each under
# /usr/bin/time -v, and prints jobs, wall and CPU time, and peak RSS. Target for 100 000 jobs:
# parse + check + plan under 1 s and 200 MB.
#   bench/frontend_scale.sh [metron binary (default build/metron)] [extra job counts...]
set -eu
METRON=${1:-build/metron}
shift || true
[ -x "$METRON" ] || { echo "no metron binary at $METRON (build it, or pass its path)"; exit 64; }
[ -x /usr/bin/time ] || { echo "needs GNU time (/usr/bin/time; Debian package 'time')"; exit 64; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# jobs = outer * 1000: `for b = 1 to 1000` inside `for a = 1 to outer`.
script() {
  cat <<B
set_skampi_buffer(4MB)
begin measurement "scale"
   for a = 1 to $1 do
      for b = 1 to 1000 do
         measure comm(2) : Bcast(b, MPI_CHAR, 0)
      od
   od
end measurement
B
}

# run LABEL JOBS ARGS...: one timed run; prints a table row.
run() {
  local label=$1 jobs=$2
  shift 2
  /usr/bin/time -v "$METRON" "$@" >/dev/null 2>"$tmp/time" || { cat "$tmp/time"; exit 1; }
  awk -v label="$label" -v jobs="$jobs" '
    /Elapsed \(wall clock\) time/ { n = split($NF, t, ":"); wall = (n == 3) ? t[1]*3600 + t[2]*60 + t[3] : t[1]*60 + t[2] }
    /User time \(seconds\)/ { user = $NF }
    /System time \(seconds\)/ { sys = $NF }
    /Maximum resident set size/ { rss = $NF / 1024 }
    END { printf "%8d  %-18s %8.2f %8.2f %9.1f\n", jobs, label, wall, user + sys, rss }' "$tmp/time"
}

printf "%8s  %-18s %8s %8s %9s\n" jobs command "wall s" "cpu s" "peak MB"
for outer in 1 10 100 "$@"; do
  jobs=$((outer * 1000))
  script "$outer" >"$tmp/s$outer.bench"
  run "check" "$jobs" check "$tmp/s$outer.bench"
  run "plan --np 4" "$jobs" plan "$tmp/s$outer.bench" --np 4
  run "plan --np 4 --json" "$jobs" plan "$tmp/s$outer.bench" --np 4 --json
done
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); cpu s = user + system"
