# metron replay: reruns the recorded script (with its include), seed and design into a new
# folder, and prints a verdict per job.
source "$(dirname "$0")/lib.sh"
mkdir -p exp/inc
cat > exp/inc/settings.inc <<'B'
set reps = 20
B
cat > exp/rp.bench <<'B'
@include "inc/settings.inc"
replicate 3
shuffle
begin measurement "b"
  for count = 1 to 1024 step *1024 do
    measure MPI_COMM_WORLD : Bcast(count, MPI_CHAR, 0)
  od
end measurement
B
timeout 300 "$METRON" run exp/rp.bench --out old --quiet > /dev/null 2> old.err
expect_eq "recorded run" "$?" "0"
expect_grep "include copied" "set reps = 20" old/script/inc/settings.inc
# The original script is gone: replay works from the manifest alone.
rm -rf exp
timeout 300 "$METRON" replay old --out new > replay.txt 2> replay.err
expect_eq "replay exit code: 3 launches decide no job (docs/cli.md, Exit codes)" "$?" "2"
cat replay.txt
expect_grep "verdict table" "verdict" replay.txt
n=$(grep -c "equivalent\|differs\|inconclusive" replay.txt)
[ "$n" -ge 2 ] && pass "a verdict per job" || fail "verdicts: $n"
expect_grep "summary line" "equivalent, .* differ, .* differ within margin, .* inconclusive" replay.txt
expect_grep "header names the correction and margin" "adjusted across 2 jobs: holm; equivalence margin +-5%" replay.txt
# 3 launches per side cannot reach alpha: every job is inconclusive, with the launches needed
expect_eq "3 launches: inconclusive" "$(column verdict new/replay.csv | sort -u)" "inconclusive"
expect_eq "replay.csv rows" "$(($(wc -l < new/replay.csv) - 1))" "2"
expect_grep "replay_of recorded" '"replay_of": "old"' new/manifest.json
old_seed=$(grep -o '"seed": [0-9]*' old/manifest.json | head -1)
new_seed=$(grep -o '"seed": [0-9]*' new/manifest.json | head -1)
expect_eq "same seed" "$new_seed" "$old_seed"
old_order=$(tr -d ' \n' < old/manifest.json | grep -o '"order":\[[0-9,]*\]')
new_order=$(tr -d ' \n' < new/manifest.json | grep -o '"order":\[[0-9,]*\]')
expect_eq "same launch order" "$new_order" "$old_order"
# Same job order inside launch 0 (shuffle seeded by run seed and launch id).
jo() { tr -d ' \n' < "$1" | grep -o '"order":\[[0-9,]*\]' | head -1; }
expect_eq "same job order in launch 0" "$(jo new/launches/0/manifest.json)" "$(jo old/launches/0/manifest.json)"
expect_eq "replayed raw rows" "$(($(wc -l < new/raw.csv) - 1))" "120"
# A different environment is reported: run the replay with a changed MPI variable.
MPIR_CVAR_BCAST_INTRA_ALGORITHM=binomial timeout 300 "$METRON" replay old --out new2 --replicates 1 --quiet > r2.txt 2> r2.err
expect_grep "environment warning" "environment differs from the recording: environment variable MPIR_CVAR_BCAST_INTRA_ALGORITHM" r2.err
mkdir nothing_here
"$METRON" replay nothing_here > /dev/null 2> e.txt
expect_eq "replay of a folder without manifest: usage" "$?" "64"
expect_grep "says how to record a run" "record one with \`metron run SCRIPT --replicates N\`" e.txt
# A single `metron exec` launch (the README's quickstart) replays too, with the caveat.
cat > q.bench <<'B'
set reps = 10
begin measurement "q"
  measure MPI_COMM_WORLD : Synthetic(1, time = 20us)
end measurement
B
timeout 120 $MPIEXEC -n 1 "$METRON" exec q.bench --out ex --quiet > /dev/null 2> ex.err
expect_eq "exec launch" "$?" "0"
timeout 300 "$METRON" replay ex --out ex-new --replicates 2 --quiet > exr.txt 2> exr.err
expect_eq "replay of an exec folder: nothing decided, 2" "$?" "2"
cat exr.txt
expect_grep "exec replay: verdict" "inconclusive" exr.txt
expect_grep "exec replay: caveat" "caveat: the recording is one \`metron exec\` launch" exr.txt
finish
