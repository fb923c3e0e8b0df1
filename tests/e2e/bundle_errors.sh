# Every refusal of `metron pack` and of a damaged bundle, with its exact message and exit code
# (docs/publishing.md): folders that are not finished results, links, an existing archive, a
# bundle that is cut, holds links or a second top folder, lacks or garbles its metadata, or whose
# files no longer match it; and a replay whose script states no findings.
source "$(dirname "$0")/lib.sh"
cat > s.bench <<'B'
set reps = 20
begin measurement "a"
  measure comm(2) : Barrier()
end measurement
begin measurement "b"
  measure comm(2) : Barrier()
end measurement
claim "blocks agree" : Barrier[block = "a"] == Barrier[block = "b"] within 50%
B
timeout 120 $MPIEXEC -n 2 "$METRON" exec s.bench --out ex --quiet > /dev/null 2>&1
expect_eq "one launch" "$?" "0"

# --- pack: what it refuses ------------------------------------------------------------------
mkdir empty
expect_fails "not a results folder" 64 "metron: error: 'empty' is not a finished results folder: it has no manifest.json" \
  "$METRON" pack empty
cp -r ex nosum && rm nosum/summary.csv
expect_fails "no summaries" 64 "metron: error: 'nosum' is not a finished results folder: it has no summary.csv" \
  "$METRON" pack nosum
cp -r ex running && sed -i 's/"status": "complete"/"status": "running"/' running/manifest.json
expect_fails "a launch still running" 64 "metron: error: 'running' is not a finished results folder: its manifest says 'running'" \
  "$METRON" pack running
cp -r ex linked && ln -s /etc/hostname linked/hostname
expect_fails "a link" 64 "metron: error: 'hostname' is a link or special file; a bundle holds regular files only" \
  "$METRON" pack linked
expect_fails "no folder for the archive" 74 "metron: error: cannot write the bundle 'no/such/dir/ex.tar.gz': no such file or directory" \
  "$METRON" pack ex --out no/such/dir/ex.tar.gz
"$METRON" pack ex > pack.out 2> pack.err
expect_eq "pack without a license" "$?" "0"
expect_eq "says the license is not stated" "$(tail -1 pack.err)" \
  "metron: warning: no --license: the bundle says its license is not stated, so readers cannot tell whether they may reuse the data"
expect_eq "an exec launch's script goes in as a file" "$(tar tzf ex.tar.gz | grep -c '^ex/script/s.bench$')" "1"
expect_fails "the archive exists" 64 "metron: error: 'ex.tar.gz' exists; give another --out or remove it" \
  "$METRON" pack ex

# --- damaged bundles ------------------------------------------------------------------------
# bundle NAME: tar the folder y/ex (changed by the caller) into NAME.tar.gz, then refresh y/ex.
bundle() { (cd y && tar czf "../$1.tar.gz" "${@:2}"); rm -rf y; mkdir y; tar xzf ex.tar.gz -C y; }
mkdir y && tar xzf ex.tar.gz -C y
ln -s summary.csv y/ex/link.csv && bundle link ex
expect_fails "a link in the bundle" 64 "metron: error: bundle 'link.tar.gz' is damaged: 'ex/link.csv' is not a regular file or folder" \
  "$METRON" replay link.tar.gz
mkdir y/other && echo x > y/other/f.txt && bundle two ex other
expect_fails "a second top folder" 64 "metron: error: bundle 'two.tar.gz' is damaged: 'other/' lies outside the bundle's one top folder" \
  "$METRON" replay two.tar.gz
rm y/ex/ro-crate-metadata.json && bundle nometa ex
expect_fails "no metadata" 64 "metron: error: bundle 'nometa.tar.gz' is damaged: it has no ro-crate-metadata.json" \
  "$METRON" replay nometa.tar.gz
echo "not json" > y/ex/ro-crate-metadata.json && bundle badmeta ex
"$METRON" replay badmeta.tar.gz > /dev/null 2> badmeta.err
expect_eq "garbled metadata: exit" "$?" "64"
expect_grep "garbled metadata: message" "^metron: error: bundle 'badmeta.tar.gz' is damaged: its ro-crate-metadata.json is not RO-Crate metadata as Metron writes it (.*parse error.*)$" badmeta.err
jq '(."@graph"[] | select(."@id" == "summary.csv") | .contentSize) |= "1"' y/ex/ro-crate-metadata.json > m.json
mv m.json y/ex/ro-crate-metadata.json && size=$(stat -c %s y/ex/summary.csv) && bundle badsize ex
expect_fails "a size that does not match" 64 "metron: error: bundle 'badsize.tar.gz' is damaged: 'summary.csv' has $size bytes, the metadata says 1" \
  "$METRON" replay badsize.tar.gz
rm y/ex/raw.csv && bundle missing ex
expect_fails "a listed file missing" 64 "metron: error: bundle 'missing.tar.gz' is damaged: 'raw.csv' is listed in the metadata but missing" \
  "$METRON" replay missing.tar.gz
expect_eq "none of them launched anything" "$(ls -d *-replay* 2>/dev/null)" ""
expect_eq "nor left a folder" "$(ls -d ex-* .ex.partial* 2>/dev/null)" ""

# --- the claims of a folder ---------------------------------------------------------------
cp -r ex badclaims && jq '.plan.claims = "x"' ex/manifest.json > badclaims/manifest.json
expect_fails "damaged claims" 74 "metron: error: the claims of the folder's plan are damaged: 'claims' is not an array" \
  "$METRON" analyze badclaims
cp -r ex badclaim && jq '.plan.claims = [{"id": "c1"}]' ex/manifest.json > badclaim/manifest.json
expect_fails "a damaged claim" 74 "metron: error: the claims of the folder's plan are damaged: 'text' is not a claim as Metron writes it" \
  "$METRON" analyze badclaim
cat > none.bench <<'B'
set reps = 10
measure comm(2) : Barrier()
B
timeout 120 $MPIEXEC -n 2 "$METRON" exec none.bench --out none --quiet > /dev/null 2>&1
timeout 120 "$METRON" replay none --lead findings --quiet > none.txt 2> none.err
expect_eq "no findings to lead with" "$?" "0"
expect_grep "says so" "^the script states no findings (no 'claim' or 'expect'); only the per-job comparison below applies$" none.txt
finish
