# One-liners: a script given with -e, on standard input ('-'), through process substitution, and
# `metron quick`, each gives the same plan as the equivalent file, for `metron plan` and in the
# manifest of `metron exec`, which records the script like a file (name, text, sha256).
source "$(dirname "$0")/lib.sh"
ONE='measure comm(2) : Bcast(8, MPI_CHAR, 0)'
echo "$ONE" > one.bench
# The manifest's "plan" object (the writer indents it by two spaces at the top level).
plan_of() { awk '/^  "plan": /{p=1} p{print} p&&/^  }/{exit}' "$1/manifest.json"; }

# metron plan
"$METRON" plan one.bench --np 2 --json > file.json
"$METRON" plan -e "$ONE" --np 2 --json > expr.json
expect_eq "plan -e exit code" "$?" "0"
"$METRON" plan - --np 2 --json < one.bench > stdin.json
expect_eq "plan - exit code" "$?" "0"
"$METRON" plan <(cat one.bench) --np 2 --json > procsub.json
expect_eq "plan <(...) exit code" "$?" "0"
expect_eq "one job in an implicit block 'Bcast'" "$(grep -c '"block": "Bcast"' file.json)" "1"
for f in expr stdin procsub; do
  if cmp -s file.json $f.json; then pass "plan $f = plan of the file"; else
    fail "plan $f differs from the file's"; diff file.json $f.json; fi
done
# Diagnostics name the script as compilers do.
"$METRON" check -e 'measure comm(2) : Bcastt(8)' 2> diag.txt
expect_eq "check -e error exit code" "$?" "65"
expect_grep "diagnostic names <command-line>" "^<command-line>:1:19: error: unknown" diag.txt
echo 'x = ' | "$METRON" check - 2> diag2.txt
expect_eq "check - error exit code" "$?" "65"
expect_grep "diagnostic names <stdin>" "^<stdin>:2:1: error: expected an expression" diag2.txt
"$METRON" check one.bench -e "$ONE" 2> both.txt
expect_eq "FILE and -e: usage error" "$?" "64"
expect_grep "FILE and -e: message" "give either a script FILE or -e TEXT, not both" both.txt
"$METRON" check 2> none.txt
expect_eq "no script: usage error" "$?" "64"
expect_grep "no script: message" "no script: give a FILE, '-' for standard input, or -e TEXT" none.txt

# metron exec: the same plan in every manifest, and the script recorded like a file.
sum=$(sha256sum one.bench | cut -d' ' -f1)
run() { timeout 120 $MPIEXEC -n 2 "$METRON" exec "$@" --quiet; }
run one.bench --out dfile > /dev/null 2> e1.txt
expect_eq "exec FILE exit code" "$?" "0"
run -e "$ONE" --out dexpr > /dev/null 2> e2.txt
expect_eq "exec -e exit code" "$?" "0"
run - --out dstdin < one.bench > /dev/null 2> e3.txt
expect_eq "exec - exit code" "$?" "0"
run <(cat one.bench) --out dproc > /dev/null 2> e4.txt
expect_eq "exec <(...) exit code" "$?" "0"
plan_of dfile > plan_file.txt
expect_eq "manifest has a plan" "$(grep -c '"block": "Bcast"' plan_file.txt)" "1"
for d in dexpr dstdin dproc; do
  if [ "$(plan_of $d)" == "$(cat plan_file.txt)" ]; then pass "$d: same plan as the file"; else
    fail "$d: plan differs from the file's"; diff <(plan_of $d) plan_file.txt; fi
  expect_eq "$d: one job measured" "$(($(wc -l < $d/summary.csv) - 1))" "1"
done
expect_grep "-e recorded as <command-line>" '"name": "<command-line>"' dexpr/manifest.json
expect_grep "stdin text recorded" "\"text\": \"$ONE\\\\n\"" dstdin/manifest.json
expect_grep "-e text recorded" "\"text\": \"$ONE\"" dexpr/manifest.json
expect_grep "- recorded as <stdin>" '"path": "<stdin>"' dstdin/manifest.json
expect_grep "stdin hash recorded" "\"sha256\": \"$sum\"" dstdin/manifest.json
# -e text has no final newline: its hash is that of the text as given.
sum_e=$(printf '%s' "$ONE" | sha256sum | cut -d' ' -f1)
expect_grep "-e hash recorded" "\"sha256\": \"$sum_e\"" dexpr/manifest.json

# metron quick: the script it prints is the equivalent file, and running it gives its plan.
cat > quick.bench <<'B'
# metron quick Bcast --sizes 0:1KiB
begin measurement "Bcast"
   for size = 0 to 1KiB step *2 do
      measure comm(get_np()) : Bcast(size, MPI_CHAR)
   od
end measurement
B
"$METRON" quick Bcast --sizes 0:1KiB --print-script > printed.bench
expect_eq "quick --print-script exit code" "$?" "0"
if cmp -s printed.bench quick.bench; then pass "quick prints the expected script"; else
  fail "quick script differs"; diff printed.bench quick.bench; fi
run quick.bench --out dqfile > /dev/null 2> e5.txt
expect_eq "exec of the quick script exit code" "$?" "0"
timeout 120 $MPIEXEC -n 2 "$METRON" quick Bcast --sizes 0:1KiB --out dquick --quiet > /dev/null 2> e6.txt
expect_eq "quick exit code" "$?" "0"
if [ "$(plan_of dquick)" == "$(plan_of dqfile)" ]; then pass "quick: same plan as the file"; else
  fail "quick: plan differs from the file's"; diff <(plan_of dquick) <(plan_of dqfile); fi
expect_eq "quick: sizes 0 1 2 4 ... 1024" "$(column bytes dquick/summary.csv | tr '\n' ' ')" \
  "0 1 2 4 8 16 32 64 128 256 512 1024 "
expect_grep "quick recorded as <quick>" '"path": "<quick>"' dquick/manifest.json
expect_grep "quick without --seed: no seed given" '"seed_given": false' dquick/manifest.json
timeout 120 $MPIEXEC -n 2 "$METRON" quick Barrier --seed 7 --out dseed --quiet > /dev/null 2> e7.txt
expect_eq "quick --seed exit code" "$?" "0"
expect_grep "quick --seed: the seed given" '"seed_given": true' dseed/manifest.json
# Ping-pongs use ranks 0 and 1; operations without a size take no --sizes.
"$METRON" quick Pingpong_Send_Recv --sizes 4KiB --print-script > pp.bench
expect_grep "ping-pong on comm(2) from 0" "for size = 0 to 4KiB step \*2" pp.bench
expect_grep "ping-pong on comm(2)" "measure comm(2) : Pingpong_Send_Recv(size, MPI_CHAR)" pp.bench
"$METRON" quick Barrier --print-script > barrier.bench
expect_grep "Barrier without a loop" "^   measure comm(get_np()) : Barrier()$" barrier.bench
"$METRON" quick Barrier --sizes 0:8 2> q1.txt
expect_eq "quick Barrier --sizes: usage error" "$?" "64"
expect_grep "quick Barrier --sizes: message" "'Barrier' takes no message size" q1.txt
"$METRON" quick Bcastt 2> q2.txt
expect_eq "quick unknown op: usage error" "$?" "64"
expect_grep "quick unknown op: message" "unknown measurement function 'Bcastt'" q2.txt
"$METRON" quick Bcast --sizes 8:1 2> q3.txt
expect_eq "quick MIN > MAX: usage error" "$?" "64"
expect_grep "quick MIN > MAX: message" "bad --sizes '8:1'" q3.txt
# A size past an MPI count is a usage error at once, --print-script or not (not a script error
# of the generated script at run time).
"$METRON" quick Bcast --sizes 1:1TiB --print-script > q6.out 2> q6.txt
expect_eq "quick --sizes 1:1TiB --print-script: usage error" "$?" "64"
expect_eq "quick --sizes 1:1TiB: message" "$(cat q6.txt)" \
  "metron: error: bad --sizes '1:1TiB': its largest size, 1099511627776 bytes, is more than an MPI count holds (at most 2147483647)"
expect_eq "quick --sizes 1:1TiB --print-script: no script" "$(cat q6.out)" ""
# A settings file applies to quick's run as to exec's (its settings win), not to --print-script.
printf 'set reps = 7\nset warmup = 1\n' > few.settings
timeout 120 $MPIEXEC -n 2 "$METRON" quick Bcast --sizes 0:4 --settings few.settings --out dqs \
  --quiet > /dev/null 2> e7.txt
expect_eq "quick --settings exit code" "$?" "0"
expect_eq "quick --settings: every job made the file's 7 repetitions" \
  "$(column n dqs/summary.csv | sort -u | tr '\n' ' ')" "7 "
expect_grep "quick --settings recorded in the manifest" '"file": "few.settings"' dqs/manifest.json
"$METRON" quick Bcast --print-script --settings few.settings > q5.out 2> q5.txt
expect_eq "quick --print-script --settings: usage error" "$?" "64"
expect_eq "quick --print-script --settings: message" "$(cat q5.txt)" \
  "metron: error: --settings applies to the run, not to --print-script: pass it to 'metron exec' with the printed script"
"$METRON" quick Synthetic 2> q4.txt
expect_eq "quick Synthetic: usage error" "$?" "64"
expect_grep "quick Synthetic: message" "'Synthetic' needs its 'time' argument" q4.txt
finish
