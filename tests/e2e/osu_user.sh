# An OSU user's first ten minutes: `metron quick` understands names as OSU users write
# them (osu_latency_mt too, with the thread level it needs) and sizes its buffer to the largest
# size; progress lines never print NaN; exec says once
# that it does not apply a script's launch design, with the command that does.
source "$(dirname "$0")/lib.sh"
run() { timeout 120 $MPIEXEC -n 2 "$METRON" "$@"; }
printf 'set reps = 3\nset warmup = 1\n' > fast.settings

# Names: any case, OSU program names, and "did you mean" for the rest.
for name in latency osu_latency osu_bw osu_allreduce osu_iallreduce osu_latency_mt; do
  "$METRON" quick $name --print-script > $name.bench 2> $name.err
  expect_eq "quick $name: exit code" "$?" "0"
done
expect_grep "quick latency is Latency" "measure comm(get_np()) : Latency(size, MPI_CHAR)" latency.bench
expect_grep "quick osu_latency is Latency" ": Latency(size, MPI_CHAR)" osu_latency.bench
expect_grep "quick osu_bw is Bandwidth" ": Bandwidth(size, MPI_CHAR)" osu_bw.bench
expect_grep "quick osu_allreduce is Allreduce" ": Allreduce(size, MPI_CHAR)" osu_allreduce.bench
expect_grep "quick osu_iallreduce is the overlap" ": Iallreduce_overlap(size, MPI_CHAR)" osu_iallreduce.bench
expect_grep "quick osu_latency_mt is Latency_mt" ": Latency_mt(size, MPI_CHAR)" osu_latency_mt.bench
expect_grep "the script says what the name means" "^# 'osu_bw' is measured by Bandwidth$" osu_bw.bench
expect_fails "quick Latencyy" 64 "metron: error: unknown measurement function 'Latencyy' (docs/language.md lists them; OSU program names such as 'osu_bw' work too)
metron: note: did you mean 'Latency'?" "$METRON" quick Latencyy
expect_fails "quick osu_bww" 64 "metron: error: unknown measurement function 'osu_bww' (docs/language.md lists them; OSU program names such as 'osu_bw' work too)
metron: note: did you mean 'osu_bw'?" "$METRON" quick osu_bww
expect_fails "quick bad sizes" 64 "metron: error: bad --sizes '8:1' (expected MIN:MAX or MAX with MIN <= MAX, e.g. 0:1MiB)" \
  "$METRON" quick Bcast --sizes 8:1

# The buffer: a window of 64 messages of 1 MiB needs 64 MiB; the default 4 MiB stopped the sweep
# at 32 KiB. Now every size up to 1 MiB is measured.
run quick osu_bw --sizes 1:1MiB --settings fast.settings --out bw > bw.txt 2> bw.err
expect_eq "quick osu_bw exit code" "$?" "0"
expect_eq "quick osu_bw: 1 B to 1 MiB, no size cut" "$(column bytes bw/summary.csv | tail -1)" "1048576"
expect_no_grep "quick osu_bw: no buffer warning" "loop ends here" bw.err
# 3 observations have no median CI: the rate says so rather than printing NaN.
expect_no_grep "no nan in progress lines" -i "nan" bw.txt
expect_grep "the rate's CI is n/a with the time's" "MB/s \[CI n/a\]" bw.txt
# The table at the end reads like osu_bw's, in MB/s, one row per size, with the CI (n/a for 3
# observations) and n.
expect_grep "quick osu_bw: OSU-style header" "^# Size  *Bandwidth (MB/s)  *95% CI  *n$" bw.txt
expect_grep "quick osu_bw: a row per size" "^  1048576  *[0-9.]*  *n/a  *3$" bw.txt
expect_eq "quick osu_bw: rows" "$(grep -c '^  [0-9]' bw.txt)" "21"
expect_eq "quick osu_bw: results line last" "$(tail -1 bw.txt)" "results: bw"

# osu_latency_mt runs threads: quick starts MPI with MPI_THREAD_MULTIPLE by itself (exec needs
# METRON_THREAD_LEVEL=multiple for that).
(unset METRON_THREAD_LEVEL; run quick osu_latency_mt --sizes 8:64 --settings fast.settings \
  --out lmt > lmt.txt 2> lmt.err)
expect_eq "quick osu_latency_mt exit code" "$?" "0"
expect_eq "quick osu_latency_mt: sizes 8 to 64" "$(column bytes lmt/summary.csv | tr '\n' ' ')" "8 16 32 64 "
expect_grep "quick osu_latency_mt: MPI_THREAD_MULTIPLE recorded" \
  '"mpi_thread_level": "MPI_THREAD_MULTIPLE"' lmt/manifest.json

# exec of a script with a launch design: one warning, with the command that runs the design.
cat > design.bench <<'B'
replicate 3
factor alg in ["binomial", "scatter_recursive_doubling_allgather"] as env "MPIR_CVAR_BCAST_INTRA_ALGORITHM"
set reps = 3
measure comm(get_np()) : Bcast(8, MPI_CHAR, 0)
B
run exec design.bench --out d --quiet > d.txt 2> d.err
expect_eq "exec design exit code" "$?" "0"
expect_eq "exec design: said once" \
  "$(grep -c "launch design" d.err)" "1"
expect_grep "exec design: the message" "^metron: warning: exec measures one launch, so the script's launch design (replicate 3, factor 'alg' as env MPIR_CVAR_BCAST_INTRA_ALGORITHM) is not applied: no further launches, factors at their first level, no variables set; to run the design: metron run design.bench --np 2$" d.err
# metron run applies it: its launches do not warn.
timeout 120 "$METRON" run design.bench --np 2 --replicates 1 --out r --quiet > r.txt 2> r.err
expect_eq "run design exit code" "$?" "0"
expect_eq "run: two launches, each with its stderr" "$(ls r/launches/*/stderr.txt | wc -l)" "2"
expect_eq "run: no design warning in any launch" \
  "$(cat r.err r/launches/*/stderr.txt | grep -c "launch design")" "0"

# The man page offers the values --alternative takes, in their case.
"$METRON" --man compare > compare.1
expect_no_grep "man compare: no 'Two-sided'" 'Two\\-sided' compare.1
expect_grep "man compare: two-sided" 'two\\-sided (default), less (A faster than B) or greater' compare.1
finish
