# Every error path of the CLI commands that is not about a script: the exact message on stderr
# and the documented exit code (64 usage, 70 runtime failure, 74 I/O). Script errors are golden
# tests (tests/golden/diag/), clock-check's method errors are in clock_check_cli.sh.
source "$(dirname "$0")/lib.sh"
cat > q.bench <<'B'
replicate 2
factor lvl in [1] as env "MPIR_CVAR_BENCH_TEST_LEVEL"
set reps = 5
set warmup = 0
begin measurement "q"
  measure MPI_COMM_WORLD : Synthetic(1, time = 10us)
end measurement
B
timeout 300 "$METRON" run q.bench --out r1 --seed 3 --quiet > run.out 2> run.err
expect_eq "a complete run to break" "$?" "0"
# empty_array DIR KEY INDENT: a copy of r1 in DIR whose manifest has KEY's array emptied (the
# manifest is written with 2-space indents, KEY at INDENT spaces).
empty_array() {
  cp -r r1 "$1"
  sed -i "/^$3\"$2\": \[/,/^$3\],\?\$/{/^$3\"$2\": \[/!{/^$3\],\?\$/!d}}" "$1/manifest.json"
}

# --- run and --resume ------------------------------------------------------------------------
expect_fails "run without a script" 64 "metron: error: run needs a script FILE (or --resume DIR)" \
  "$METRON" run
expect_fails "resume with a script" 64 \
  "metron: error: --resume DIR continues a run: give no FILE, --out or --settings" "$METRON" run q.bench --resume r1
expect_fails "run into a finished run's folder" 64 \
  "metron: error: results folder 'r1' holds a finished run: choose another --out (metron replay r1 --out NEW_DIR runs it again)" \
  "$METRON" run q.bench --out r1
cp -r r1 r1u && jq '.status = "interrupted"' r1/manifest.json > r1u/manifest.json
expect_fails "run into an unfinished run's folder" 64 \
  "metron: error: results folder 'r1u' exists and is not empty (continue it with --resume, or choose another --out)" \
  "$METRON" run q.bench --out r1u
mkdir -p other && echo x > other/notes.txt
expect_fails "run into a folder of other files" 64 \
  "metron: error: results folder 'other' exists, is not empty and holds no run (choose another --out)" \
  "$METRON" run q.bench --out other
expect_fails "resume without a manifest" 74 \
  "metron: error: 'nosuch' has no run manifest (manifest.json of \`metron run\`)" "$METRON" run --resume nosuch
empty_array r2 order "  "
expect_fails "resume with an inconsistent manifest" 74 \
  "metron: error: the manifest 'r2/manifest.json' is damaged: 'order' is not the launch ids 0 to 1 in some order" "$METRON" run --resume r2
# A launches list one entry short of the design's launches.
cp -r r1 r2b && jq '.launches |= .[1:]' r1/manifest.json > r2b/manifest.json
expect_fails "resume with a launch entry missing" 74 \
  "metron: error: the run manifest in 'r2b' is inconsistent (launch order)" "$METRON" run --resume r2b
empty_array r3 files "    "
rm -r r3/script
expect_fails "resume without the script copy or its text" 74 \
  "metron: error: the manifest 'r3/manifest.json' is damaged: 'script' has a 'path', 'sha256' or 'files' of the wrong type" \
  "$METRON" run --resume r3
cp -r r1 r4
rm -r r4/script
expect_fails "resume restores a missing script copy" 0 "" "$METRON" run --resume r4 --quiet
expect_eq "restored script copy" "$(cat r4/script/q.bench)" "$(cat q.bench)"
expect_fails "resume with a bad --launcher" 64 \
  "metron: error: unknown placeholder '{nosuch}' in the launcher template" \
  "$METRON" run --resume r1 --launcher 'mpiexec -n {nosuch}'
# A complete run resumes to nothing: no launch reruns (the launcher would fail) and exit 0.
cp -r r1 r5
expect_fails "resume a complete run" 0 "" "$METRON" run --resume r5 --launcher false --quiet
expect_eq "complete run: raw.csv unchanged" "$(md5sum < r5/raw.csv)" "$(md5sum < r1/raw.csv)"
# A failed run: every launch fails; resuming reruns them (and they fail again): exit 70. The
# seed fixes the launch order, and so the order of the messages.
"$METRON" run q.bench --out f1 --seed 3 --launcher false --quiet > f1.out 2> f1.err
expect_eq "failed run: exit code" "$?" "70"
expect_eq "failed run: messages" "$(cat f1.err)" "metron: launch 0 failed (exit code 1); stderr in f1/launches/0/stderr.txt
metron: launch 1 failed (exit code 1); stderr in f1/launches/1/stderr.txt
metron: 2 of 2 launches failed (see f1/manifest.json)"
expect_eq "failed run: status" "$(grep -o '^  "status": "[a-z]*"' f1/manifest.json)" '  "status": "failed"'
expect_fails "resume a failed run" 70 "$(cat f1.err)" "$METRON" run --resume f1 --launcher false --quiet

# --- analyze, compare ------------------------------------------------------------------------
expect_fails "analyze a missing folder" 74 "metron: error: cannot read 'nosuch/summary.csv': no such file or directory" \
  "$METRON" analyze nosuch
expect_fails "compare one folder without --factor" 64 \
  "metron: error: compare takes DIR_A DIR_B, or one DIR with --factor NAME or --pair A=B" "$METRON" compare r1
expect_fails "compare a missing folder" 74 "metron: error: cannot read 'nosuch/summary.csv': no such file or directory" \
  "$METRON" compare r1 nosuch
expect_fails "compare a one-level factor" 64 \
  "metron: error: launch factor 'lvl' has fewer than two levels in 'r1'" "$METRON" compare r1 --factor lvl
expect_fails "compare an unknown factor" 64 "metron: error: no launch factor 'nosuch' in 'r1' (its factors: 'lvl')" \
  "$METRON" compare r1 --factor nosuch
expect_fails "compare with a bad --alternative" 64 \
  "metron: error: bad --alternative 'up' (two-sided, less or greater)" "$METRON" compare r1 r1 --alternative up
expect_fails "compare with --alpha out of range" 64 "--alpha: must be a number between 0 and 1 (exclusive), got '1.5'
Run with --help for more information." "$METRON" compare r1 r1 --alpha 1.5

# --- replay ----------------------------------------------------------------------------------
expect_fails "replay a folder without a run manifest" 64 \
  "metron: error: 'nosuch' is not a results folder of \`metron run\` or \`metron exec\` (no manifest.json); record one with \`metron run SCRIPT --replicates N\`" "$METRON" replay nosuch
expect_fails "replay a manifest without script files" 74 \
  "metron: error: the manifest in 'r3' records no script files" "$METRON" replay r3
expect_fails "replay with zero complete launches" 70 "metron: launch 0 failed (exit code 1); stderr in rp/launches/0/stderr.txt
metron: launch 1 failed (exit code 1); stderr in rp/launches/1/stderr.txt
metron: 2 of 2 launches failed (see rp/manifest.json)" "$METRON" replay r1 --out rp --launcher false --quiet
expect_eq "replay with zero complete launches: no replay.csv" "$(ls rp/replay.csv 2> /dev/null)" ""

# --- exec, check -----------------------------------------------------------------------------
expect_fails "exec with bad --levels" 64 "metron: error: bad --levels 'bad' (expected name=index,...)" \
  "$METRON" exec q.bench --levels bad
expect_fails "check a missing file" 74 "metron: error: cannot read file 'nosuch.bench' (no such file or directory)" \
  "$METRON" check nosuch.bench

# --- clock-check (a singleton MPI process is enough for option errors) ------------------------
cc() { "$METRON" clock-check --methods skampi --fitpoints 2 --exchanges 1 --rtt-pingpongs 1 "$@"; }
for bad in x 1e999 -1 inf nan 0.5s; do
  expect_fails "clock-check --after $bad" 64 \
    "metron: error: bad --after value '$bad' (seconds expected: a finite number >= 0)" cc --after "$bad"
done
expect_fails "clock-check --after with no time" 64 "metron: error: --after needs at least one time" \
  cc --after ","
expect_fails "clock-check to an unwritable CSV" 74 "metron: error: cannot write '/nonexistent/c.csv'" \
  cc --after 0 --csv /nonexistent/c.csv
finish
