# Findings that travel (docs/claims.md, docs/publishing.md): a run with claims across
# launch-factor levels, setting variants, sizes and a reference value is packed; the bundle's
# checksums and its RO-Crate 1.1 metadata are checked (the ro-crate npm package's validator);
# damaged bundles and folders are refused before any launch; the bundle is replayed on "another
# machine" (UCX_TLS=tcp moves MPICH from shared memory to TCP: every time changes several-fold)
# where the claims lead: a claim that still holds is reproduced, one whose direction flips is
# not (exit 1); a recording whose claims all travel replays with exit 0.
source "$(dirname "$0")/lib.sh"
# 8 launches a level: the exact one-sided signed-rank p-value reaches 1/256, which Holm's
# correction over the 7 checks of the claims still brings below 0.05 (6 launches would not).
cat > paper.bench <<'B'
replicate 8
factor alg in ["binomial", "scatter_recursive_doubling_allgather"] as env "MPIR_CVAR_BCAST_INTRA_ALGORITHM"
shuffle seed 11
set reps = 60
set warmup = 20
begin measurement "barrier-sync"
  set sync = barrier
  measure comm(2) : Barrier()
  for n in [8, 64KiB] do
    measure comm(2) : Bcast(n, MPI_CHAR, 0)
  od
end measurement
begin measurement "double-sync"
  set sync = double_barrier
  measure comm(2) : Bcast(64KiB, MPI_CHAR, 0)
end measurement
claim "64 KiB costs more" : Bcast[block = "barrier-sync", n = 65536] > Bcast[block = "barrier-sync", n = 8] by 100% for every
claim "binomial at 64 KiB" : Bcast[alg = "binomial", n = 65536] < Bcast[alg = "scatter_recursive_doubling_allgather", n = 65536]
claim "sync variants agree" : Bcast[block = "double-sync"] == Bcast[block = "barrier-sync"] within 90%
claim "barrier in shared memory" : Barrier < 5us
B
timeout 300 "$METRON" run paper.bench --out paper --quiet > run.txt 2> run.err
expect_eq "record" "$?" "0"
[ -f paper/claims.csv ] || { cat run.err; finish; }
expect_eq "claims.csv: one row per claim" "$(($(wc -l < paper/claims.csv) - 1))" "4"
expect_eq "the run manifest records the verdicts" "$(jq '.claims | length' paper/manifest.json)" "4"
expect_eq "the reference claim holds where it was recorded" \
  "$(jq -r '.claims[] | select(.id == "barrier in shared memory") | .verdict' paper/manifest.json)" "holds"
expect_eq "so does the size claim" \
  "$(jq -r '.claims[] | select(.id == "64 KiB costs more") | .verdict' paper/manifest.json)" "holds"

# --- pack ----------------------------------------------------------------------------------
"$METRON" pack paper --author "A. Reader" --license CC-BY-4.0 > pack.txt 2> pack.err
expect_eq "pack" "$?" "0"
expect_grep "pack says what it wrote" "^metron: wrote paper.tar.gz ([0-9]* files, [0-9]* bytes; RO-Crate 1.1 metadata as paper/ro-crate-metadata.json inside the archive)$" pack.err
[ ! -e paper/ro-crate-metadata.json ] && pass "the folder itself is unchanged" || fail "pack wrote into the folder"
mkdir x && tar xzf paper.tar.gz -C x
expect_eq "one top folder" "$(ls x)" "paper"
meta=x/paper/ro-crate-metadata.json
# Every file of the folder is in the bundle with its sha256, and only they are.
(cd paper && find . -type f ! -name .metron.lock | sed 's|^\./||' | sort) > files.want
jq -r '."@graph"[] | select(."@type" == "File" or (."@type" | type == "array" and index("File"))) | ."@id"' "$meta" | sort > files.listed
expect_eq "the metadata lists every file" "$(diff files.want files.listed && echo same)" "same"
bad=0
while read -r f; do
  want=$(jq -r --arg f "$f" '."@graph"[] | select(."@id" == $f) | .sha256' "$meta")
  [ "$(sha256sum "x/paper/$f" | cut -d' ' -f1)" == "$want" ] || { bad=1; echo "sha256 of $f"; }
done < files.listed
expect_eq "every sha256 matches" "$bad" "0"
expect_eq "the script is the main entity" "$(jq -r '."@graph"[] | select(."@id" == "./") | .mainEntity."@id"' "$meta")" "script/paper.bench"
expect_eq "license" "$(jq -r '."@graph"[] | select(."@id" == "./") | .license."@id"' "$meta")" "https://spdx.org/licenses/CC-BY-4.0"
expect_eq "author" "$(jq -r '."@graph"[] | select(."@type" == "Person") | .name' "$meta")" "A. Reader"
expect_grep "Metron's commit" '"identifier": "[0-9a-f]*' "$meta"
expect_grep "the machine" '"description": "CPU: ' "$meta"
# The RO-Crate 1.1 rules, by the ro-crate package's validator (README: npm install -g ro-crate).
cat > validate.js <<'J'
// No network in a test: the RO-Crate context URLs (w3id.org) are answered with the context the
// ro-crate package ships (a superset of the 1.1 terms). Set before the package captures fetch.
const path = require("path");
const shipped = require(path.join(path.dirname(require.resolve("ro-crate")), "lib", "context.json"));
globalThis.fetch = async (url) => {
  if (!String(url).startsWith("https://w3id.org/ro/crate/")) throw new Error("offline: " + url);
  return { ok: true, json: async () => shipped, statusText: "OK" };
};
const { validate, ROCrate } = require("ro-crate");
const fs = require("fs");
(async () => {
  const json = JSON.parse(fs.readFileSync(process.argv[2]));
  const crate = new ROCrate(json, { array: true, link: true });
  await crate.resolveContext();
  // What is in the crate's folder: files, and folders with a trailing slash.
  const files = {};
  for (const f of fs.readFileSync(process.argv[3], "utf8").split("\n").filter(Boolean))
    files[f] = { exists: true, isDir: f.endsWith("/") };
  const results = await validate(crate, files);
  const bad = results.filter((r) => r.status === "error" || r.status === "warning");
  for (const e of bad) console.log(e.status, e.id, e.entity || "", e.message);
  const count = (s) => results.filter((r) => r.status === s).length;
  console.log(`${count("error")} errors, ${count("warning")} warnings, ${count("success")} passed`);
})();
J
# Every file and folder of the unpacked crate, as the validator would find them on disk.
(cd x/paper && find . -mindepth 1 \( -type d -printf '%P/\n' \) -o \( -type f -printf '%P\n' \)) > crate.entries
NODE_PATH=$(npm root -g 2>/dev/null) node validate.js "$meta" crate.entries > validator.txt 2> validator.err
expect_grep "the RO-Crate validator: no error, no warning" "^0 errors, 0 warnings, [1-9][0-9]* passed$" validator.txt
expect_eq "every folder is a Dataset" \
  "$(jq -r '."@graph"[] | select(."@type" == "Dataset" and ."@id" != "./") | ."@id"' "$meta" | sort | tr '\n' ' ')" \
  "$(grep '/$' crate.entries | sort | tr '\n' ' ')"
# The validator is not blind: without a license it finds the error.
jq '."@graph" |= map(if ."@id" == "./" then del(.license) else . end)' "$meta" > nolicense.json
NODE_PATH=$(npm root -g 2>/dev/null) node validate.js nolicense.json crate.entries > validator2.txt 2>&1
expect_grep "a crate without a license fails it" "^error licenseRequired  Missing required property: license$" validator2.txt
# Nor to folders: without the Dataset of launches/ it warns.
jq '."@graph" |= map(select(."@id" != "launches/"))' "$meta" > nofolder.json
NODE_PATH=$(npm root -g 2>/dev/null) node validate.js nofolder.json crate.entries > validator3.txt 2>&1
expect_grep "a folder not described: a warning" "^warning validCrateDataEntityInCrateDir launches/ " validator3.txt

# --- damaged bundles and folders: refused before anything runs (no replay folder) -------------
head -c $(($(stat -c %s paper.tar.gz) / 2)) paper.tar.gz > cut.tar.gz
"$METRON" replay cut.tar.gz > cut.out 2> cut.err
expect_eq "truncated bundle: usage exit" "$?" "64"
expect_grep "truncated bundle: says so" "^metron: error: bundle 'cut.tar.gz' is damaged: it is truncated or not a .tar.gz (.*)$" cut.err
mkdir y && tar xzf paper.tar.gz -C y && sed -i '2s/^[0-9]*/9/' y/paper/summary.csv && (cd y && tar czf ../changed.tar.gz paper)
expect_fails "changed file" 64 "metron: error: bundle 'changed.tar.gz' is damaged: 'summary.csv' does not match its sha256 in the metadata" \
  "$METRON" replay changed.tar.gz
rm -rf y && mkdir y && tar xzf paper.tar.gz -C y && echo x > y/paper/extra.txt && (cd y && tar czf ../extra.tar.gz paper)
expect_fails "file not in the metadata" 64 "metron: error: bundle 'extra.tar.gz' is damaged: 'extra.txt' is in the bundle but not in its metadata" \
  "$METRON" replay extra.tar.gz
sed -i 's/1/2/' x/paper/analysis.csv
expect_fails "an unpacked folder changed since" 64 "metron: error: 'x/paper' does not match its ro-crate-metadata.json: 'analysis.csv' does not match its sha256 in the metadata" \
  "$METRON" replay x/paper
cp -r x/paper metadir && rm metadir/ro-crate-metadata.json && mkdir metadir/ro-crate-metadata.json
expect_fails "metadata that is not a file" 64 "metron: error: 'metadir' does not match its ro-crate-metadata.json: its ro-crate-metadata.json is not RO-Crate metadata as Metron writes it (not a regular file)" \
  "$METRON" replay metadir
cp -r paper nosum && rm nosum/summary.csv
expect_fails "a folder without summaries" 64 "metron: error: 'nosum' holds nothing to compare a replay with: cannot read 'nosum/summary.csv': no such file or directory" \
  "$METRON" replay nosum
expect_eq "nothing was launched for any of them" "$(ls -d *-replay* 2>/dev/null)" ""

# --- replay on another machine: the claims lead ----------------------------------------------
mkdir reader && cp paper.tar.gz reader/ && cd reader
UCX_TLS=tcp timeout 600 "$METRON" replay paper.tar.gz --quiet --launch-timeout 60 > ../rp.txt 2> ../rp.err
expect_eq "a claim whose direction flips: exit 1" "$?" "1"
cd ..
expect_grep "verified and unpacked" "^metron: verified and unpacked paper.tar.gz into paper$" rp.err
expect_grep "the environment differs" "environment variable UCX_TLS: unset (recorded) vs 'tcp' (now)" rp.err
expect_grep "the findings lead" "^the environment differs from the recording (1 difference(s) above): the findings lead, since times are not expected to travel between machines$" rp.txt
expect_grep "the flipped claim" "^  'barrier in shared memory'  *not reproduced$" rp.txt
expect_grep "the size claim travels" "^  '64 KiB costs more'  *reproduced$" rp.txt
expect_grep "the jobs are context" "^per-job comparison (context: on another machine the times are expected to differ):" rp.txt
expect_eq "replay_findings.csv: a row per finding" "$(($(wc -l < reader/paper-replay/replay_findings.csv) - 1))" "4"
# Shared memory against TCP: each time moves several-fold, so every job differs.
expect_eq "every job differs" "$(column verdict reader/paper-replay/replay.csv | sort -u)" "differs"

cat > travels.bench <<'B'
replicate 6
shuffle seed 3
set reps = 60
set warmup = 20
begin measurement "sizes"
  for n in [8, 64KiB] do
    measure comm(2) : Bcast(n, MPI_CHAR, 0)
  od
end measurement
claim "64 KiB costs more" : Bcast[n = 65536] > Bcast[n = 8] by 100%
B
timeout 300 "$METRON" run travels.bench --out travels --quiet > /dev/null 2>&1
expect_eq "record a second run" "$?" "0"
UCX_TLS=tcp timeout 600 "$METRON" replay travels --quiet --launch-timeout 60 > tr.txt 2> tr.err
expect_eq "every claim reproduced: exit 0" "$?" "0"
expect_grep "count line" "^1 finding: 1 reproduced, 0 not reproduced, 0 inconclusive$" tr.txt
finish
