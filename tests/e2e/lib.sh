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

# --- reports in a browser (report_browser.sh, history_sqlite.sh) ----------------------------------
# Chromium's flags for a headless load that reaches nothing outside.
CHROMIUM=${CHROMIUM:-chromium}
BROWSER_FLAGS=(--headless --no-sandbox --disable-gpu --disable-background-networking
  --disable-component-update --disable-sync --no-first-run --enable-logging=stderr --v=0)

# The checking script added to a copy of a page: one line in <pre id="check"> with the number
# of figures, the ids of those not drawn and the kinds that were drawn.
CHECK_JS='<script>(function(){var figs=document.querySelectorAll("figure.plot");var bad=[];var kinds={};
figs.forEach(function(f){var svg=f.querySelector("svg");var ok=false;
if(svg){svg.querySelectorAll("g[id*=gnuplot_plot_]").forEach(function(g){
g.querySelectorAll("path").forEach(function(p){if((p.getAttribute("d")||"").length>8&&p.getTotalLength()>0)ok=true;});
g.querySelectorAll("use,polygon").forEach(function(u){var b=u.getBBox();if(b.width>0&&b.height>0)ok=true;});});
var r=svg.getBoundingClientRect();if(r.width<200||r.height<100)ok=false;}
if(ok)kinds[f.dataset.kind]=1;else bad.push(f.id);});
var pre=document.createElement("pre");pre.id="check";
pre.textContent="figures "+figs.length+" bad ["+bad.join(" ")+"] kinds "+Object.keys(kinds).sort().join(",");
document.body.appendChild(pre);})();</script>'

# browser_check NAME FILE EXPECTED_KINDS: loads a copy of the page with the check script added,
# once: the page's own console messages and errors show in that load too, as would the check
# script's.
browser_check() {
  local name=$1 file=$2 kinds=$3
  awk -v js="$CHECK_JS" '{ if (index($0, "</body>")) print js; print }' "$file" > "$name-check.html"
  timeout 120 "$CHROMIUM" "${BROWSER_FLAGS[@]}" --user-data-dir="$WORK/profile-$name" \
    --dump-dom "file://$WORK/$name-check.html" > "$name-check.dom" 2> "$name-check.log"
  expect_grep "$name: page loads" "</html>" "$name-check.dom"
  local console line figures
  console=$(grep -c ":CONSOLE" "$name-check.log")
  expect_eq "$name: no console messages" "$console" "0"
  [ "$console" == "0" ] || grep ":CONSOLE" "$name-check.log"
  line=$(grep -o 'id="check">[^<]*' "$name-check.dom" | sed 's/id="check">//')
  figures=$(grep -c "<figure" "$file")
  expect_eq "$name: every figure drawn" "$line" "figures $figures bad [] kinds $kinds"
}
