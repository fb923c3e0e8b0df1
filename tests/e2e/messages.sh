# The messages of runtime/plan/messages.def that cli_errors.sh and the other end-to-end tests do
# not show: each with its exact text on stderr and its exit code (docs/cli.md), and a job's
# run-time error rendered at its `measure` statement with the source line and a caret.
source "$(dirname "$0")/lib.sh"
cat > q.bench <<'B'
set reps = 5
set warmup = 0
begin measurement "q"
  measure MPI_COMM_WORLD : Synthetic(1, time = 10us)
end measurement
B

# --- options and operands --------------------------------------------------------------------
expect_fails "a FILE and -e" 64 "metron: error: give either a script FILE or -e TEXT, not both" \
  "$METRON" check q.bench -e 'print 1'
expect_fails "neither FILE nor -e" 64 "metron: error: no script: give a FILE, '-' for standard input, or -e TEXT" \
  "$METRON" check
head -c 67108865 /dev/zero | "$METRON" check - > big.out 2> big.err
expect_eq "standard input over 64 MiB: exit code" "$?" "74"
expect_eq "standard input over 64 MiB: message" "$(cat big.err)" \
  "metron: error: cannot read the script from standard input (longer than 64 MiB, or a read error)"
expect_fails "--man of an unknown subcommand" 64 "metron: error: no subcommand 'nosuch'" \
  "$METRON" --man nosuch
expect_fails "--man-pages without a folder" 64 "metron: error: --man-pages needs a folder" \
  "$METRON" --man-pages
expect_fails "--completion of an unknown shell" 64 "metron: error: --completion takes 'bash' or 'zsh'" \
  "$METRON" --completion fish
expect_fails "bad --margin" 64 "metron: error: bad --margin 'x' (a percentage such as 5%, or 0.05)" \
  "$METRON" analyze nosuch --margin x
expect_fails "bad --adjust" 64 "metron: error: bad --adjust 'x' (holm, bh or none)" \
  "$METRON" analyze nosuch --adjust x
expect_fails "bad --pair" 64 "metron: error: bad --pair 'x' (expected OP_A=OP_B)" \
  "$METRON" compare nosuch --pair x
expect_fails "bad --replicates" 64 "metron: error: bad --replicates '0' (a count >= 1, or auto)" \
  "$METRON" run q.bench --replicates 0
expect_fails "--replicates auto with --resume" 64 \
  "metron: error: --replicates auto starts a run: not with --resume" \
  "$METRON" run --resume nosuch --replicates auto

# --- run: the design and the launcher template -------------------------------------------------
expect_fails "too many launches" 64 \
  "metron: error: the run has more than 1048576 launches (2000000 replicates x launch-factor levels)" \
  "$METRON" run q.bench --out many --replicates 2000000
expect_fails "launcher: unclosed brace" 64 "metron: error: unclosed '{' in launcher word '{np'" \
  "$METRON" run q.bench --out lb --launcher 'mpiexec -n {np'
expect_fails "launcher: unclosed quote" 64 "metron: error: unclosed quote in the launcher template" \
  "$METRON" run q.bench --out lq --launcher "mpiexec 'x"
expect_fails "launcher: empty" 64 "metron: error: the launcher template is empty" \
  "$METRON" run q.bench --out le --launcher ' '
expect_fails "launcher: a program that does not exist" 70 \
  "metron: launch 0 failed (cannot start '/nonexistent/mpiexec': No such file or directory); stderr in ls/launches/0/stderr.txt
metron: 1 of 1 launches failed (see ls/manifest.json)" \
  "$METRON" run q.bench --out ls --replicates 1 --quiet --launcher '/nonexistent/mpiexec -n {np} {metron} exec {script} --out {dir}'

touch file
expect_fails "run into a folder that cannot be made" 74 \
  "metron: error: cannot create results folder 'file/sub': Not a directory" \
  "$METRON" run q.bench --out file/sub

# --- exec: --levels that name no factor ----------------------------------------------------------
expect_fails "exec --levels without factors" 64 \
  "metron: error: --levels names 'nosuch', which is not a launch factor of the script (it has none)" \
  "$METRON" exec q.bench --levels nosuch=0

# --- exec: the launch size -----------------------------------------------------------------------
METRON_PLANNED_NP=2 timeout 60 "$METRON" exec q.bench --out sz > sz.out 2> sz.err
expect_eq "launch size: exit code" "$?" "64"
expect_eq "launch size: message" "$(cat sz.err)" \
  "metron: error: MPI started 1 rank but the run planned 2: the launcher template must start {np} ranks of one MPI job"

# --- exec: a job's run-time error at its measure statement ---------------------------------------
cat > inj.bench <<'B'
set reps = 5
begin measurement "b"
  for i = 1 to 2 do
    measure MPI_COMM_WORLD : Bcast(i, MPI_CHAR, 0)
  od
end measurement
B
METRON_INJECT_MPI_ERROR=1 timeout 60 $MPIEXEC -n 2 "$METRON" exec inj.bench --out inj --quiet \
  > inj.out 2> inj.err
expect_eq "job error: exit code" "$?" "70"
# Under load a noise warning may come first; it is not what this test is about.
expect_eq "job error: message with source line and caret" \
  "$(grep -v 'times may include waits for a core' inj.err)" \
  "inj.bench:4:5: error: MPI error in 'Bcast': injected by METRON_INJECT_MPI_ERROR
    4 |     measure MPI_COMM_WORLD : Bcast(i, MPI_CHAR, 0)
      |     ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~"
expect_eq "job error: the manifest keeps the one-line form" \
  "$(grep -o '^  "error": "[^"]*"' inj/manifest.json)" \
  '  "error": "inj.bench:4:5: error: MPI error in '"'"'Bcast'"'"': injected by METRON_INJECT_MPI_ERROR"'

# A binding the run time refuses (the front end does not check transient): its own catalogue
# message, at the measure statement.
cat > bind.bench <<'B'
set reps = 5
measure MPI_COMM_WORLD : Synthetic(1, time = 1us, transient = -1)
B
timeout 60 $MPIEXEC -n 2 "$METRON" exec bind.bench --out bindout --quiet > bind.out 2> bind.err
expect_eq "bind error: exit code" "$?" "70"
expect_eq "bind error: message with source line and caret" \
  "$(grep -v 'times may include waits for a core' bind.err)" \
  "bind.bench:2:1: error: 'Synthetic': transient must not be negative
    2 | measure MPI_COMM_WORLD : Synthetic(1, time = 1us, transient = -1)
      | ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~"

# --- clock-check: bad methods and skews (a singleton MPI process is enough) ---------------------
cc() { timeout 60 "$METRON" clock-check --after 0 "$@"; }
expect_fails "clock-check of an unknown method" 64 "metron: error: clock sync: unknown method 'nosuch'" \
  cc --methods nosuch
expect_fails "clock-check of a method twice" 64 \
  "metron: error: clock check: method 'skampi' listed twice" cc --methods skampi,skampi
METRON_CLOCK_SKEW=x:1:2 cc --methods skampi > skew.out 2> skew.err
expect_eq "bad METRON_CLOCK_SKEW: exit code" "$?" "64"
expect_eq "bad METRON_CLOCK_SKEW: message" "$(cat skew.err)" \
  "metron: error: METRON_CLOCK_SKEW: bad entry 'x:1:2' (rank expected, got 'x')"

# --- replay: the line that says what is replayed ------------------------------------------------
"$METRON" run q.bench --out r1 --seed 3 --replicates 1 --quiet > r1.out 2> r1.err
expect_eq "a run to replay" "$?" "0"
"$METRON" replay r1 --out rp > rp.out 2> rp.err
# One launch a side decides no job: the jobs lead, inconclusive (docs/cli.md, Exit codes).
expect_eq "replay: exit code" "$?" "2"
expect_eq "replay: what is replayed (the copy it runs)" "$(head -1 rp.err)" \
  "metron: replaying 'r1' (script rp/script/q.bench, seed 3, 1 replicate) into rp"

# --- analyze: a damaged summary.csv (analyze_damaged.sh has more) -------------------------------
col() { head -1 r1/summary.csv | tr ',' '\n' | grep -n "^$1\$" | cut -d: -f1; }
damage() { rm -rf "$1" && cp -r r1 "$1" && awk -F, -v OFS=, -v b="$(col block)" \
  -v n="$(col bytes)" "$2" r1/summary.csv > "$1/summary.csv"; }
fields=$(head -1 r1/summary.csv | tr ',' '\n' | wc -l)
damage d1 'NR==1{sub(/median_s/, "median_x")} {print}'
expect_fails "summary.csv without a column" 74 \
  "metron: error: d1/summary.csv: summary.csv has no 'median_s' column" "$METRON" analyze d1
damage d2 'NR==2{$b=""} {print}'
expect_fails "summary.csv with an empty block" 74 \
  "metron: error: d2/summary.csv:2: empty 'block'" "$METRON" analyze d2
damage d3 'NR==2{$n="-1"} {print}'
expect_fails "summary.csv with a negative count" 74 \
  "metron: error: d3/summary.csv:2: 'bytes' is negative (-1)" "$METRON" analyze d3
damage d4 'NR==2{$n="1.5"} {print}'
expect_fails "summary.csv with a fraction for a count" 74 \
  "metron: error: d4/summary.csv:2: 'bytes' is '1.5', not a whole number" "$METRON" analyze d4
damage d5 '{print} END{print "hello world"}'
expect_fails "summary.csv with a garbage line" 74 \
  "metron: error: d5/summary.csv:3: a row of 1 fields where the header has $fields (the file is damaged or was edited)" \
  "$METRON" analyze d5
damage d6 'NR==2{$4="\"b"} {print}'
expect_fails "summary.csv with an unclosed quote" 74 \
  "metron: error: d6/summary.csv:2: a quoted field is never closed (the file is damaged or was edited)" \
  "$METRON" analyze d6
finish
