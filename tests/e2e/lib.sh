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
