#!/bin/bash
# `metron check` on hostile inputs: it must end within a time limit with a clear message and the
# documented exit code (65 script error, 74 I/O), never crash or hang. Usage: frontend_robustness.sh
# <metron binary> <source dir>. Inputs are generated here (nothing large is committed).
set -u
METRON=$1
SRC=$2
tmp=$(mktemp -d)
trap 'chmod -R u+rwx "$tmp"; rm -rf "$tmp"' EXIT
failures=0

# expect NAME EXIT PATTERN ARGS...: runs metron ARGS with a 60 s limit, checks the exit code and
# that the output contains PATTERN (empty pattern: the output must be empty).
expect() {
  local name=$1 rc=$2 pattern=$3
  shift 3
  local out got start end
  start=$(date +%s%N)
  out=$(timeout 60 "$METRON" "$@" 2>&1)
  got=$?
  end=$(date +%s%N)
  if [ "$got" -eq 124 ]; then
    echo "FAIL $name: still running after 60 s"
    failures=$((failures + 1))
    return
  fi
  if [ "$got" -ne "$rc" ]; then
    echo "FAIL $name: exit $got, expected $rc; output: ${out:0:400}"
    failures=$((failures + 1))
    return
  fi
  if [ -z "$pattern" ] && [ -n "$out" ]; then
    echo "FAIL $name: expected no output, got: ${out:0:400}"
    failures=$((failures + 1))
    return
  fi
  if [ -n "$pattern" ] && ! grep -qF -- "$pattern" <<<"$out"; then
    echo "FAIL $name: output lacks '$pattern': ${out:0:400}"
    failures=$((failures + 1))
    return
  fi
  if [ "${#out}" -gt 20000 ]; then
    echo "FAIL $name: ${#out} bytes of output"
    failures=$((failures + 1))
    return
  fi
  printf 'ok   %-34s exit %s  %5d ms\n' "$name" "$got" $(((end - start) / 1000000))
}

# n copies of a string, without a scripting language.
rep() { head -c "$2" /dev/zero | tr '\0' "$1"; }

head -c 100000 /dev/urandom >"$tmp/junk.bin"
expect "random binary junk" 65 "error: " check "$tmp/junk.bin"
expect "committed binary junk" 65 "is not valid UTF-8" check "$SRC/tests/golden/diag/binary_junk.bench"

{ printf 'x = '; rep a 10000000; echo; } >"$tmp/long_name.bench"
expect "10 MB identifier on one line" 65 "unknown variable 'aaaa" check "$tmp/long_name.bench"
{ printf 'x = "'; rep a 10000000; echo '"'; } >"$tmp/long_string.bench"
expect "10 MB string on one line" 0 "" check "$tmp/long_string.bench"
{ printf 'x = 1'; yes '+1' | head -n 1000000 | tr -d '\n'; echo; } >"$tmp/chain.bench"
expect "1 000 000-term 1+1+... chain" 65 "expression too long" check "$tmp/chain.bench"
{ printf 'x = '; rep '(' 10000; printf 1; rep ')' 10000; echo; } >"$tmp/parens.bench"
expect "10 000 nested parentheses" 65 "nesting too deep" check "$tmp/parens.bench"
{ printf 'x = '; rep '-' 100000; echo 1; } >"$tmp/minus.bench"
expect "100 000 prefix minus signs" 65 "nesting too deep" check "$tmp/minus.bench"
{
  echo 'begin measurement "deep"'
  for i in $(seq 1 3000); do echo "for v$i = 1 to 1 do"; done
  echo 'measure comm(2) : Bcast(1, MPI_INT, 0)'
  for i in $(seq 1 3000); do echo od; done
  echo 'end measurement'
} >"$tmp/loops.bench"
expect "3000 nested for loops" 65 "nesting too deep" check "$tmp/loops.bench"
{
  echo 'begin measurement "nested"'
  for i in $(seq 1 100); do echo "for v$i = 1 to 1 do"; done
  echo 'measure comm(2) : Bcast(1, MPI_INT, 0)'
  for i in $(seq 1 100); do echo od; done
  echo 'end measurement'
} >"$tmp/loops100.bench"
expect "100 nested for loops (legal)" 0 "" check "$tmp/loops100.bench"

{ printf 'x = [0'; seq 1 200000 | sed 's/^/, /' | tr -d '\n'; echo ']'; } >"$tmp/list.bench"
expect "200 000-element list literal" 65 "list literal has more than 100000 elements" check "$tmp/list.bench"
{
  echo 'begin measurement "grid"'
  echo 'for i = 1 to 1000 do'
  echo 'for j = 1 to 200 do'
  echo 'measure comm(2) : Bcast(j, MPI_CHAR, 0)'
  echo 'od'
  echo 'od'
  echo 'end measurement'
} >"$tmp/grid.bench"
METRON_MAX_JOBS=1000 expect "200 000 jobs over METRON_MAX_JOBS=1000" 65 \
  "the plan has more than 1000 jobs (set the environment variable METRON_MAX_JOBS" check "$tmp/grid.bench"

mkdir -p "$tmp/dir"
echo '@include "dir"' >"$tmp/include_dir.bench"
expect "include of a directory" 65 "(is a directory)" check "$tmp/include_dir.bench"
expect "a directory as the script" 74 "(is a directory)" check "$tmp/dir"
expect "a missing script" 74 "(no such file or directory)" check "$tmp/missing.bench"
echo 'x = 1' >"$tmp/locked.bench"
chmod 000 "$tmp/locked.bench"
if [ "$(id -u)" -ne 0 ]; then
  expect "an unreadable script" 74 "(permission denied)" check "$tmp/locked.bench"
else
  echo "skip an unreadable script: root reads every file"
fi
: >"$tmp/empty.bench"
expect "an empty file" 0 "" check "$tmp/empty.bench"
expect "the plan of an empty file" 0 "plan for 4 ranks: 0 jobs" plan "$tmp/empty.bench" --np 4

if [ "$failures" -ne 0 ]; then
  echo "$failures failure(s)"
  exit 1
fi
