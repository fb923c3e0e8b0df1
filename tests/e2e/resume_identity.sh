# Issue 31, item 3: `run --resume` merges nothing that does not belong to the run. The script
# copy in DIR/script/ and the text in the manifest must match the recorded sha256 (an edited
# copy once mixed launches of two scripts, with exit 0), and each launch folder's manifest must
# name the run's script, seed, launch id, process count and levels (a folder overwritten by an
# `exec --force` of another script was merged too). Both are refused before anything runs.
source "$(dirname "$0")/lib.sh"
cat > s.bench <<'B'
set reps = 30
set warmup = 0
begin measurement "b"
  for n = 1 to 2 do
    measure MPI_COMM_WORLD : Allreduce(n, MPI_INT, MPI_SUM)
  od
end measurement
B
timeout 120 "$METRON" run s.bench --replicates 2 --seed 3 --out good --quiet > out.txt 2> err.txt
expect_eq "the run: exit code" "$?" "0"
copy() { rm -rf "$1" && cp -r good "$1" && rm -f "$1/summary.csv" "$1/raw.csv"; }
# resumed NAME EXIT MESSAGE
resumed() {
  timeout 60 "$METRON" run --resume "$1" --quiet > out.txt 2> err.txt
  expect_eq "$1: exit code" "$?" "$2"
  expect_eq "$1: message" "$(cat err.txt)" "$3"
  [ ! -e "$1/summary.csv" ] && pass "$1: nothing merged" || fail "$1: summary.csv merged"
}
# The copy edited: reps 30 -> 5, MPI_SUM -> MPI_MAX.
copy edited && sed -i 's/reps = 30/reps = 5/; s/MPI_SUM/MPI_MAX/' edited/script/s.bench
resumed edited 74 "metron: error: 'edited/script/s.bench' does not match the script recorded in 'edited/manifest.json': the run's script was changed after the run started; restore it, or delete the copy (--resume restores it from the manifest)"
# The copy deleted: restored from the manifest, and the run merges.
copy restored && rm restored/script/s.bench
timeout 60 "$METRON" run --resume restored --quiet > out.txt 2> err.txt
expect_eq "deleted copy: exit code" "$?" "0"
expect_eq "deleted copy: restored" "$(cat restored/script/s.bench)" "$(cat s.bench)"
# The manifest's text edited without its sha256.
copy recorded && jq '.script.files[0].text |= sub("reps = 30"; "reps = 5")' good/manifest.json > recorded/manifest.json
resumed recorded 74 "metron: error: the script recorded in 'recorded/manifest.json' does not match its sha256 ('s.bench'): the manifest was edited after the run started"
# A launch folder overwritten by `exec --force` of another script.
sed 's/MPI_SUM/MPI_MAX/' s.bench > other.bench
copy foreign
timeout 60 $MPIEXEC -n 2 "$METRON" exec other.bench --out foreign/launches/1 --force --launch 1 \
  --seed 3 --quiet > out.txt 2> err.txt
expect_eq "exec --force into launch 1: exit code" "$?" "0"
run_sha=$(sha256sum < s.bench | cut -c1-12)
other_sha=$(sha256sum < other.bench | cut -c1-12)
resumed foreign 74 "metron: error: the launch folder 'foreign/launches/1' does not belong to this run: its script (sha256) is $other_sha, the run's is $run_sha; move the folder away to run that launch again"
# The same script with another seed.
copy seeded
timeout 60 $MPIEXEC -n 2 "$METRON" exec good/script/s.bench --out seeded/launches/0 --force \
  --launch 0 --seed 4 --quiet > out.txt 2> err.txt
resumed seeded 74 "metron: error: the launch folder 'seeded/launches/0' does not belong to this run: its seed is 4, the run's is 3; move the folder away to run that launch again"
finish
