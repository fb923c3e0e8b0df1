# metron report in a browser: a small run (Bcast and a ping-pong over sizes, an environment
# factor with two levels, two replicates, an autorefine block), a clock check, exec --report,
# replay --report and compare --report are rendered in headless Chromium (Debian's chromium).
# Each page must load without console messages, and every figure must be drawn: an SVG of real
# size whose plot groups (gnuplot_plot_N: the data, not the frame) hold a path of non-zero
# length, or a point marker or filled polygon with a non-empty box.
# Also: the page is self-contained (no script, no external resource), a missing gnuplot gives a
# readable page and a warning, and a folder that is not a results folder is an error (74).
# METRON_REPORT_SHOTS=DIR also photographs one figure of each kind into DIR (docs/report/).
source "$(dirname "$0")/lib.sh"
CHROMIUM=${CHROMIUM:-chromium}
if ! command -v "$CHROMIUM" > /dev/null || ! command -v gnuplot > /dev/null; then
  fail "chromium and gnuplot are needed (README set-up: apt-get install chromium gnuplot-nox)"
  finish
fi

cat > small.bench <<'B'
replicate 2
factor alg in ["binomial", "scatter_recursive_doubling_allgather"] as env "MPIR_CVAR_BCAST_INTRA_ALGORITHM"
set reps = 20
begin measurement "bcast"
  for count = 1 to 4096 step *8 do
    measure comm(get_np()) : Bcast(count, MPI_CHAR, 0)
  od
end measurement
begin measurement "pingpong"
  for count = 1 to 4096 step *64 do
    measure comm(2) : Pingpong_Send_Recv(count, MPI_CHAR, 0, 1)
  od
end measurement
set refine = metron(tolerance = 5%, max_points = 8)
set reps = 10
begin measurement "step"
  autorefine count = 1 to 16kb step *4 do
    measure comm(2) : Synthetic(count, time = 10us + (count >= 3000) * 20us)
  od
end measurement
B
timeout 300 "$METRON" run small.bench --out r --quiet --report > run.txt 2> run.err
expect_eq "run --report exit code" "$?" "0"
expect_grep "run --report says where" "^report: r/report.html" run.txt
# A clock check written into the folder is found by the report.
timeout 120 $MPIEXEC -n 2 "$METRON" clock-check --methods skampi,hca3 --fitpoints 20 \
  --exchanges 5 --pingpongs 20 --rtt-pingpongs 20 --after 0,0.05,0.1 --csv r/clock.csv > clock.txt 2>&1
expect_eq "clock-check exit code" "$?" "0"
# guidelines.csv is not written by Metron yet: a hand-made one exercises the matrix.
printf 'guideline,bytes,verdict\nBcast <= Scatter+Allgather,1,holds\nBcast <= Scatter+Allgather,64,violated\nAllreduce <= Reduce+Bcast,1,not_assessed\nAllreduce <= Reduce+Bcast,64,holds\n' > r/guidelines.csv
"$METRON" report r > report.txt 2> report.err
expect_eq "report exit code" "$?" "0"
expect_eq "report: no warning" "$(cat report.err)" ""
browser_check run r/report.html "clock,guideline,rate,ratio,refinement,series,spread,time"
# --screenshot of the page's first 3000 px: a blank 1000 x 3000 PNG compresses to a few kB, the
# header and the first plots to several hundred.
timeout 120 "$CHROMIUM" "${BROWSER_FLAGS[@]}" --user-data-dir="$WORK/profile-shot" --hide-scrollbars \
  --window-size=1000,3000 --screenshot="$WORK/run.png" "file://$WORK/r/report.html" > /dev/null 2> shot.log
shot_bytes=$(stat -c %s run.png 2> /dev/null || echo 0)
expect_eq "screenshot not blank ($shot_bytes bytes)" "$([ "$shot_bytes" -gt 50000 ] && echo yes)" "yes"
expect_eq "self-contained: no script" "$(grep -c '<script' r/report.html)" "0"
expect_eq "self-contained: no external resource" \
  "$(grep -cE "(src|href)=[\"']?(https?:|//)" r/report.html)" "0"
expect_grep "header: script hash" "sha256 <code>[0-9a-f]\{64\}</code>" r/report.html
expect_grep "header: MPI library" "MPICH Version" r/report.html
expect_grep "header: replay command" "metron replay r" r/report.html
expect_grep "header: seed" "<th>seed</th>" r/report.html
# A quick report from 0 B (docs/report/quick-*.png): a log2 size axis with 0 B at a
# tick of its own, and a rate plot.
printf 'set reps = 20\nset warmup = 1\n' > fast.settings
timeout 120 $MPIEXEC -n 2 "$METRON" quick Latency --sizes 0:4KiB --settings fast.settings --out q --quiet
expect_eq "quick exit code" "$?" "0"
"$METRON" report q > qreport.txt 2> qreport.err
expect_eq "quick report exit code" "$?" "0"
browser_check quick q/report.html "rate,series,spread,time"
expect_grep "quick report: 0 B at a tick of its own" ">0 B<" q/report.html
expect_grep "quick report: log2 size axis" "message size \[bytes\], log2 scale" q/report.html
if [ -n "${METRON_REPORT_SHOTS:-}" ]; then
  bash "$SRC/tools/report/figure_shots.sh" r/report.html "$METRON_REPORT_SHOTS" "$CHROMIUM"
fi

# exec --report: one launch (box = observation quartiles, band = CI of the launch's median).
sed -e 's/^replicate 2//' -e 's/^factor .*//' small.bench > one.bench
timeout 300 $MPIEXEC -n 2 "$METRON" exec one.bench --out e --quiet --report > exec.txt 2> exec.err
expect_eq "exec --report exit code" "$?" "0"
expect_grep "exec --report says where" "^report: e/report.html" exec.txt
browser_check exec e/report.html "rate,refinement,series,spread,time"
expect_grep "exec: replay command" "mpiexec -n 2 metron exec" e/report.html

# replay --report: the recorded curves beside the new ones, ratios from replay.csv.
timeout 300 "$METRON" replay r --replicates 1 --out rp --quiet --report > replay.txt 2> replay.err
expect_eq "replay --report exit code (one launch decides no job: 2)" "$?" "2"
expect_grep "replay --report says where" "^report: rp/report.html" replay.txt
browser_check replay rp/report.html "rate,ratio,refinement,series,spread,time"
expect_grep "replay: environment differences" "environment differences" rp/report.html

# compare --report between two folders.
"$METRON" compare r rp --report cmp.html > compare.txt 2>&1
expect_eq "compare --report exit code" "$?" "0"
browser_check compare cmp.html "clock,guideline,rate,ratio,refinement,series,spread,time"

# Without gnuplot: a warning, and a page that says why there are no plots.
METRON_GNUPLOT=/nonexistent/gnuplot "$METRON" report r --out nogp.html > nogp.txt 2> nogp.err
expect_eq "no gnuplot: exit code" "$?" "0"
expect_grep "no gnuplot: warning" "warning: '/nonexistent/gnuplot' was not found" nogp.err
expect_grep "no gnuplot: the page says so" 'id="no-plots"' nogp.html
expect_eq "no gnuplot: no svg" "$(grep -c '<svg' nogp.html)" "0"
timeout 120 "$CHROMIUM" "${BROWSER_FLAGS[@]}" --user-data-dir="$WORK/profile-nogp" \
  --dump-dom "file://$WORK/nogp.html" > nogp.dom 2> nogp.log
expect_eq "no gnuplot: no console messages" "$(grep -c ':CONSOLE' nogp.log)" "0"

# Errors.
"$METRON" report missing > /dev/null 2> err1.txt
expect_eq "missing folder exit code" "$?" "74"
expect_eq "missing folder message" "$(cat err1.txt)" "metron: error: 'missing' is not a folder"
mkdir empty
"$METRON" report empty > /dev/null 2> err2.txt
expect_eq "empty folder exit code" "$?" "74"
expect_eq "empty folder message" "$(cat err2.txt)" \
  "metron: error: 'empty' is not a results folder (no summary.csv and no clock-check CSV)"
finish
