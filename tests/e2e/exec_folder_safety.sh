# `metron exec --out D` never overwrites results silently and never writes through a link:
# a folder that holds results is refused (exit 64) unless --force, and --force replaces the
# links themselves, leaving the files they pointed to untouched.
source "$(dirname "$0")/lib.sh"
cat > s.bench <<'B'
set reps = 5
begin measurement "b"
  measure MPI_COMM_WORLD : Barrier()
end measurement
B
timeout 60 $MPIEXEC -n 2 "$METRON" exec s.bench --out d --quiet > out.txt 2> err.txt
expect_eq "first exec: exit code" "$?" "0"
before=$(sha256sum d/raw.csv d/summary.csv d/manifest.json)
timeout 60 $MPIEXEC -n 2 "$METRON" exec s.bench --out d --quiet > out.txt 2> err.txt
expect_eq "second exec into the same folder: exit code" "$?" "64"
expect_grep "second exec: message" \
  "metron: error: results folder 'd' already holds results (manifest.json); choose another --out or pass --force to replace them" err.txt
expect_eq "second exec: results unchanged" "$(sha256sum d/raw.csv d/summary.csv d/manifest.json)" "$before"
timeout 60 $MPIEXEC -n 2 "$METRON" exec s.bench --out d --quiet --force > out.txt 2> err.txt
expect_eq "--force: exit code" "$?" "0"
expect_eq "--force: a complete manifest" "$(json_status d/manifest.json)" "complete"

# Links planted in a fresh folder: refused; with --force the links go, their targets stay.
mkdir links
echo "precious" > outside.txt
ln -s "$PWD/outside.txt" links/raw.csv
ln -s "$PWD/outside.txt" links/summary.csv
timeout 60 $MPIEXEC -n 2 "$METRON" exec s.bench --out links --quiet > out.txt 2> err.txt
expect_eq "planted links: exit code" "$?" "64"
expect_grep "planted links: message" "already holds results (raw.csv)" err.txt
timeout 60 $MPIEXEC -n 2 "$METRON" exec s.bench --out links --quiet --force > out.txt 2> err.txt
expect_eq "planted links, --force: exit code" "$?" "0"
expect_eq "planted links: the outside file is untouched" "$(cat outside.txt)" "precious"
if [ -L links/raw.csv ]; then fail "raw.csv is still a link"; else pass "raw.csv is a file of its own"; fi
expect_eq "planted links: raw.csv has 5 observations" "$(($(wc -l < links/raw.csv) - 1))" "5"
finish
