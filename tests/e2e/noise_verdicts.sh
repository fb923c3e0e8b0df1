# Noise reaches every verdict (issue 35): a run whose launches carry a forced noise flag
# (METRON_CORES=1, the noise check's test hook: 2 ranks on "1 core" are oversubscribed) shows the
# flag in analysis.csv, comparisons.csv, replay.csv, the printed tables (mark and footer) and the
# report's banner; --strict turns the flagged verdicts into inconclusive ones.
source "$(dirname "$0")/lib.sh"
# has_flag FILE: "yes" when every row's noise column names the forced flag (a loaded machine
# adds "load average above the cores" beside it).
has_flag() { column noise "$1" | awk '!/oversubscribed/ {bad = 1} END {print (NR > 0 && !bad) ? "yes" : "no"}'; }
cat > n.bench <<'B'
factor alg in ["a", "b"] as env "MPIR_CVAR_BENCH_E2E_ALG"
replicate 4
set warmup = 0
set reps = 10
begin measurement "syn"
  measure MPI_COMM_WORLD : Synthetic(1, time = 20us)
end measurement
B
METRON_CORES=1 timeout 300 "$METRON" run n.bench --out r > run.txt 2> run.err
expect_eq "run exit code" "$?" "0"
expect_eq "analysis.csv noise" "$(has_flag r/analysis.csv)" "yes"
expect_eq "analysis.csv noise_launches" "$(column noise_launches r/analysis.csv | sort -u)" "4"
expect_grep "analysis table: the mark" '%  !$' run.txt
expect_grep "analysis table: the footer names the flag" \
  '^!: 2 of 2 rows computed on launches with noise flags: .*oversubscribed (2 rows)' run.txt
expect_eq "comparisons.csv noise" "$(has_flag r/comparisons.csv)" "yes"
expect_eq "comparisons.csv noise_launches" "$(column noise_launches r/comparisons.csv)" "8"
expect_grep "level comparison: the verdict carries the mark" '[a-z)] !$' run.txt
expect_grep "level comparison: what --strict would do" "\-\-strict makes them inconclusive" run.txt

# --strict: the verdict on flagged launches is inconclusive, in analyze and compare.
"$METRON" analyze r --strict > strict.txt 2>&1
expect_eq "analyze --strict exit code" "$?" "0"
expect_eq "analyze --strict: inconclusive" "$(column verdict r/comparisons.csv)" "inconclusive"
expect_grep "analyze --strict: the footer says so" "\-\-strict: their verdicts are inconclusive" strict.txt
"$METRON" compare r r --csv same.csv > same.txt 2>&1
expect_eq "compare exit code" "$?" "0"
expect_eq "compare: noise column" "$(has_flag same.csv)" "yes"
expect_grep "compare: the mark" ' !$' same.txt
expect_grep "compare: the footer" "noise flags: .*oversubscribed (2 rows)" same.txt
"$METRON" compare r r --strict --csv same_strict.csv > same_strict.txt 2>&1
expect_eq "compare --strict: inconclusive" "$(column verdict same_strict.csv | sort -u)" "inconclusive"
expect_grep "compare --strict: printed" "inconclusive under --strict, on launches with noise flags; more launches on this machine would not decide it, since they would carry the same noise flags (4 launches each) !$" same_strict.txt

# replay: the recording's flags and the replay's own reach replay.csv and the verdict table.
METRON_CORES=1 timeout 300 "$METRON" replay r --out rp > replay.txt 2> replay.err
# 4 launches a side cannot reach the corrected level: inconclusive (docs/cli.md, Exit codes).
expect_eq "replay exit code" "$?" "2"
expect_eq "replay.csv noise" "$(has_flag rp/replay.csv)" "yes"
expect_eq "replay.csv noise_launches" "$(column noise_launches rp/replay.csv | sort -u)" "8"
expect_grep "replay table: the mark" ' !$' replay.txt
expect_grep "replay table: the footer" "noise flags: .*oversubscribed (2 rows)" replay.txt

# The report: a banner that names the flag and counts the launches and verdicts.
METRON_GNUPLOT=/nonexistent "$METRON" report rp > report.txt 2>&1
expect_grep "report banner" 'id="noise-banner"' rp/report.html
expect_grep "report banner: launches" "8 of 8 launches of replay: rp (.*oversubscribed: 8)" rp/report.html
expect_grep "report banner: verdicts" "2 of 2 verdicts are computed on flagged launches" rp/report.html
expect_grep "report: the job rows carry the mark" "syn: Synthetic 1 B, 2 ranks, alg=a !" rp/report.html
finish
