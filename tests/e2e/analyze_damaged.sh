# analyze and compare refuse a damaged summary.csv with the file, the line and what is wrong
# (exit 74), instead of dropping rows, inventing a block "" or showing a minimum of -inf.
source "$(dirname "$0")/lib.sh"
cat > s.bench <<'B'
set reps = 5
begin measurement "b"
  for n = 1 to 4 step *2 do
    measure MPI_COMM_WORLD : Bcast(n, MPI_CHAR, 0)
  od
end measurement
B
timeout 120 "$METRON" run s.bench --np 2 --replicates 2 --seed 5 --out good --quiet > out.txt 2> err.txt
expect_eq "the run: exit code" "$?" "0"
timeout 60 "$METRON" analyze good > out.txt 2> err.txt
expect_eq "analyze of the intact folder: exit code" "$?" "0"

# damaged NAME EXPECTED-TEXT: analyze and compare of a copy whose summary.csv is in NAME.csv.
damaged() {
  local name=$1 text=$2
  rm -rf "$name" && cp -r good "$name" && cp "$name.csv" "$name/summary.csv"
  timeout 60 "$METRON" analyze "$name" > out.txt 2> err.txt
  expect_eq "$name: analyze exit code" "$?" "74"
  expect_grep "$name: analyze message" "$text" err.txt
  timeout 60 "$METRON" compare good "$name" > out.txt 2> err.txt
  expect_eq "$name: compare exit code" "$?" "74"
  expect_grep "$name: compare message" "$text" err.txt
}
median_col=$(head -1 good/summary.csv | tr ',' '\n' | grep -n '^median_s$' | cut -d: -f1)
min_col=$(head -1 good/summary.csv | tr ',' '\n' | grep -n '^min_s$' | cut -d: -f1)
fields=$(head -1 good/summary.csv | tr ',' '\n' | wc -l)
# A row cut in half (a copy interrupted mid-line).
{ head -n 3 good/summary.csv; sed -n 4p good/summary.csv | cut -c1-40; } > cut.csv
damaged cut "cut/summary.csv:4: a row of" ; expect_grep "cut: says which" "fields where the header has $fields" err.txt
# A garbage line.
{ cat good/summary.csv; echo "hello world"; } > garbage.csv
damaged garbage "/summary.csv:$(($(wc -l < good/summary.csv) + 1)): a row of 1 fields where the header has $fields"
# Medians that are not numbers, a minimum of -inf.
awk -F, -v OFS=, -v c="$median_col" 'NR==3{$c="abc"} {print}' good/summary.csv > abc.csv
damaged abc "/summary.csv:3: 'median_s' is 'abc', not a finite number"
awk -F, -v OFS=, -v c="$median_col" 'NR==2{$c="nan"} {print}' good/summary.csv > nanmed.csv
damaged nanmed "/summary.csv:2: 'median_s' is 'nan', not a finite number"
awk -F, -v OFS=, -v c="$min_col" 'NR==2{$c="-inf"} {print}' good/summary.csv > neginf.csv
damaged neginf "/summary.csv:2: 'min_s' is '-inf', not a finite number"
# A quote that is never closed (the rest of the file becomes one field).
awk -F, -v OFS=, 'NR==3{$4="\"b"} {print}' good/summary.csv > quote.csv
damaged quote "/summary.csv:3: a quoted field is never closed"

# Damaged manifests (found by fuzz/results): a value of the wrong type is an error naming it
# (exit 74), not 'internal error: [json.exception...]' with exit 70.
# bad_manifest NAME JQ-FILTER EXPECTED-TEXT: analyze and compare of a copy whose manifest.json
# went through the filter.
bad_manifest() {
  local name=$1 filter=$2 text=$3
  rm -rf "$name" && cp -r good "$name" && jq "$filter" good/manifest.json > "$name/manifest.json"
  timeout 60 "$METRON" analyze "$name" > out.txt 2> err.txt
  expect_eq "$name: analyze exit code" "$?" "74"
  expect_eq "$name: analyze message" "$(cat err.txt)" \
    "metron: error: the manifest '$name/manifest.json' is damaged: $text"
  timeout 60 "$METRON" compare good "$name" > out.txt 2> err.txt
  expect_eq "$name: compare exit code" "$?" "74"
}
bad_manifest design_num '.design = 1' "'design' is not an object"
bad_manifest factor_name '.design.factors = [{"name": 1}]' \
  "'design.factors' has an entry without a 'name' string or with 'levels' that are not a list of values"
bad_manifest retried '.retried_launches = "x"' "'retried_launches' is not a whole number >= 0"
bad_manifest merged '.merged.launches = {}' "'merged.launches' is not a list"
# replay reads the recording's counts before it runs anything.
rm -rf np_text && cp -r good np_text && jq '.design.np = "x"' good/manifest.json > np_text/manifest.json
timeout 60 "$METRON" replay np_text --out np_replay > out.txt 2> err.txt
expect_eq "replay of a manifest with np \"x\": exit code" "$?" "74"
expect_eq "replay of a manifest with np \"x\": message" "$(cat err.txt)" \
  "metron: error: the manifest 'np_text/manifest.json' is damaged: 'design.np' is not a whole number from 1 to 1048576"
[ ! -e np_replay ] && pass "replay created nothing" || fail "replay created np_replay"
# A launch's binding record of the wrong type: the environment check skips it.
rm -rf cpus && cp -r good cpus
jq '.system.ranks = [{"cpus": {}}]' good/launches/0/manifest.json > cpus/launches/0/manifest.json
timeout 60 "$METRON" compare good cpus > out.txt 2> err.txt
expect_eq "compare with a binding record of the wrong type: exit code" "$?" "0"
finish
