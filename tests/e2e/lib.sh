# Helpers for the end-to-end tests: each test is `bash NAME.sh <metron> <source dir>`.
set -u
METRON=$1
SRC=$2
WORK=$(mktemp -d "${TMPDIR:-/tmp}/metron-e2e.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"
FAILED=0
fail() { echo "FAIL: $*"; FAILED=1; }
pass() { echo "ok: $*"; }
# expect_eq WHAT ACTUAL EXPECTED
expect_eq() { if [ "$2" == "$3" ]; then pass "$1"; else fail "$1: got '$2', expected '$3'"; fi; }
# expect_grep WHAT PATTERN FILE
expect_grep() { if grep -q -- "$2" "$3"; then pass "$1"; else fail "$1: '$2' not in $3"; cat "$3"; fi; }
# expect_no_grep WHAT PATTERN FILE
expect_no_grep() { if grep -q -- "$2" "$3"; then fail "$1: '$2' in $3"; cat "$3"; else pass "$1"; fi; }
# column NAME FILE: prints the values of a CSV column (no quoting in the columns we read)
column() { awk -F, -v name="$1" 'NR==1{for(i=1;i<=NF;i++) if($i==name) c=i; next} {print $c}' "$2"; }
json_status() { grep -o '"status": "[a-z]*"' "$1" | head -1 | sed 's/.*: "\(.*\)"/\1/'; }
finish() { if [ $FAILED -ne 0 ]; then exit 1; fi; echo "all passed"; exit 0; }
MPIEXEC=${MPIEXEC:-mpiexec}
# expect_fails WHAT EXIT_CODE STDERR COMMAND...: runs COMMAND; checks its exit code and its
# whole stderr, exactly
expect_fails() {
  local what=$1 rc=$2 text=$3
  shift 3
  "$@" > fails.out 2> fails.err
  expect_eq "$what: exit code" "$?" "$rc"
  expect_eq "$what: message" "$(cat fails.err)" "$text"
}
# good_run REPLICATES [sweep]: the small recorded run that the tests of damaged folders copy and
# break: s.bench (5 observations of a 10 us Synthetic; with "sweep", at n = 1, 2 and 4) run into
# good/ with REPLICATES launches and seed 3.
good_run() {
  local body='  measure MPI_COMM_WORLD : Synthetic(1, 10us)'
  [ "${2:-}" == "sweep" ] &&
    body=$'  for n = 1 to 4 step *2 do\n    measure MPI_COMM_WORLD : Synthetic(n, 10us)\n  od'
  printf 'set reps = 5\nset warmup = 0\nbegin measurement "b"\n%s\nend measurement\n' "$body" > s.bench
  timeout 120 "$METRON" run s.bench --replicates "$1" --seed 3 --out good --quiet > out.txt 2> err.txt
  expect_eq "the run: exit code" "$?" "0"
}
