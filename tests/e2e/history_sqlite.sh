# metron history with SQLite: runs of a tiny script added with `run --history` and `history add`,
# a regression injected from run 4 on without changing the script or the binary (a PMPI wrapper
# preloaded into the launches, 500 us per Bcast), found by `history trend` at run 4 with both
# methods; the CI gate's exit codes (1 at the regression, not 1 once the next run matches it);
# adding twice changes nothing; the report draws every series in Chromium.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/history/history_lib.sh"
build_delay
DB=$WORK/h.sqlite

for n in 1 2 3; do history_run $n "$DB"; done
history_run 4 "$DB" slow

"$METRON" history trend --db "$DB" > t4.out 2> t4.err
expect_eq "trend after the slow run: exit 1 (a regression)" "$?" "1"
expect_grep "the Bcast series changes at run 4" "change at run 4 (.*, r4): [0-9.]*x \[" t4.out
expect_grep "the latest Bcast run is a regression" "latest run 4: regression: " t4.out
expect_grep "what changed: the launcher" "changed: launcher: .*-genv LD_PRELOAD" t4.out
expect_grep "the summary" "2 series (hunter method" t4.out
# Its ratio: 500 us added to a Bcast of about 1-10 us (tens on a loaded machine)
ratio=$(grep -o 'change at run 4 ([^)]*): [0-9.e+]*x' t4.out | head -1 | sed 's/.*: //; s/x$//')
expect_eq "the change is at least 5 times slower ($ratio)" "$(awk -v r="$ratio" 'BEGIN{print (r >= 5)}')" "1"

history_run 5 "$DB" slow
"$METRON" history trend --db "$DB" --job op=Bcast > t5.out 2> t5.err
rc=$?
expect_eq "trend of Bcast after the second slow run: not a regression (exit $rc)" "$([ $rc -ne 1 ] && echo ok)" "ok"
expect_grep "still found at run 4" "change at run 4 (" t5.out
expect_grep "the latest run is judged against run 4 only" "against run 4 (3 vs 3 launches" t5.out
expect_no_grep "only the Bcast series" "Synthetic" t5.out
"$METRON" history trend --db "$DB" --job op=Bcast --min-change 50% > m5.out 2> m5.err
expect_grep "a 50% smallest change keeps run 4's" "change at run 4 (" m5.out
"$METRON" history trend --db "$DB" --job op=Bcast --method permutation > p5.out 2> p5.err
expect_grep "the permutation test finds run 4 too" "change at run 4 (" p5.out
expect_grep "... with its p-value" "p = 0.005" p5.out
"$METRON" history trend --db "$DB" --job op=Bcast --since 2999-01-01 > none.out 2> none.err
expect_eq "nothing since a date to come: exit 2" "$?" "2"
expect_eq "... and a warning" "$(cat none.err)" "metron: warning: no series in '$DB' matches: nothing to decide"

# history add: the same folder twice changes nothing
"$METRON" history add r5 --db "$DB" > a.out 2> a.err
expect_eq "add of a folder already there: exit 0" "$?" "0"
expect_eq "... says so" "$(cat a.err)" "metron: 'r5' is in the history already (run 5): nothing added"
"$METRON" history trend --db "$DB" --job op=Bcast > t6.out 2>&1
expect_grep "still 5 runs" "  5 runs, 15 launches" t6.out
# The default database: XDG_DATA_HOME, printed
XDG_DATA_HOME=$WORK/xdg "$METRON" history add r1 > d.out 2> d.err
expect_eq "add to the default database: exit 0" "$?" "0"
expect_eq "... which is named" "$(head -1 d.err)" "metron: history database: $WORK/xdg/metron/history.sqlite"
expect_grep "... and holds the run" "added 'r1' as run 1 (2 series, 6 launch values)" d.err

# The report: one figure per series, drawn (Chromium, as tests/e2e/report_browser.sh checks)
"$METRON" report --history "$DB" --out h.html > rep.out 2> rep.err
expect_eq "report --history: exit 0" "$?" "0"
expect_eq "... prints the file" "$(cat rep.out)" "report: h.html"
expect_eq "two figures" "$(grep -c '<figure class="plot"' h.html)" "2"
expect_grep "the change is marked in the plot's caption" "Change at run 4" h.html
if command -v "$CHROMIUM" > /dev/null && command -v gnuplot > /dev/null; then
  browser_check history h.html "history"
  if [ -n "${METRON_REPORT_SHOTS:-}" ]; then
    timeout 120 "$CHROMIUM" "${BROWSER_FLAGS[@]}" --user-data-dir="$WORK/profile-shot" \
      --hide-scrollbars --window-size=1000,1500 --screenshot="$METRON_REPORT_SHOTS/history.png" \
      "file://$WORK/h.html" > /dev/null 2>&1
  fi
else
  fail "chromium and gnuplot are needed (README set-up: apt-get install chromium gnuplot-nox)"
fi
finish
