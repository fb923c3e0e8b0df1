# Issue 31, item 5: analyze, compare, report and replay refuse a summary.csv that is clearly
# corrupt (exit 74, the file, the line and what is wrong), where they once accepted it with
# exit 0: every row twice, a negative median, a header without the rows the manifest records, a
# launch id of 10^23, a NUL byte or bytes that are not UTF-8 in a column the analysis skips; and
# a raw.csv with an observation twice.
source "$(dirname "$0")/lib.sh"
good_run 2 sweep
rows=$(($(wc -l < good/summary.csv) - 1))
# refused NAME MESSAGE: the four readers of a copy whose files went through the damage.
refused() {
  local name=$1 text=$2
  timeout 60 "$METRON" analyze "$name" > out.txt 2> err.txt
  expect_eq "$name: analyze exit code" "$?" "74"
  expect_eq "$name: analyze message" "$(cat err.txt)" "metron: error: $text"
  timeout 60 "$METRON" compare good "$name" > out.txt 2> err.txt
  expect_eq "$name: compare exit code" "$?" "74"
  expect_eq "$name: compare message" "$(cat err.txt)" "metron: error: $text"
  timeout 60 "$METRON" report "$name" > out.txt 2> err.txt
  expect_eq "$name: report exit code" "$?" "74"
  expect_eq "$name: report message" "$(cat err.txt)" "metron: error: $text"
  timeout 60 "$METRON" replay "$name" --out "$name-replay" --quiet > out.txt 2> err.txt
  expect_eq "$name: replay exit code" "$?" "74"
  expect_eq "$name: replay message" "$(cat err.txt)" "metron: error: $text"
  [ ! -e "$name-replay" ] && pass "$name: replay ran nothing" || fail "$name: replay ran"
}
copy() { rm -rf "$1" && cp -r good "$1"; }
col() { head -1 good/summary.csv | tr ',' '\n' | grep -n "^$1\$" | cut -d: -f1; }
# Every row twice (12 jobs instead of 6).
copy twice && { cat good/summary.csv; tail -n +2 good/summary.csv; } > twice/summary.csv
refused twice "twice/summary.csv:$((rows + 2)): job 0 of launch 0 appears twice (lines 2 and $((rows + 2)))"
# A negative median, which moved the reported median.
copy negative && awk -F, -v OFS=, -v c="$(col median_s)" 'NR==3{$c="-1"} {print}' good/summary.csv > negative/summary.csv
refused negative "negative/summary.csv:3: 'median_s' is negative (-1)"
# A median above the maximum.
copy above && awk -F, -v OFS=, -v c="$(col median_s)" 'NR==3{$c="7.26"} {print}' good/summary.csv > above/summary.csv
max=$(awk -F, -v c="$(col max_s)" 'NR==3{print $c}' good/summary.csv)
min=$(awk -F, -v c="$(col min_s)" 'NR==3{print $c}' good/summary.csv)
refused above "above/summary.csv:3: 'median_s' (7.26) is not between 'min_s' ($min) and 'max_s' ($max)"
# The header alone, where the manifest records the rows (replay once compared 0 jobs).
copy header && head -1 good/summary.csv > header/summary.csv
refused header "'header/summary.csv' has 0 rows of jobs, but the manifest records $rows ('merged.summary_rows')"
# A launch id of 10^23.
copy huge && awk -F, -v OFS=, 'NR==2{$1="100000000000000000000000"} {print}' good/summary.csv > huge/summary.csv
refused huge "huge/summary.csv:2: 'launch' is '100000000000000000000000', not a whole number"
# A launch the manifest does not list.
copy foreign && awk -F, -v OFS=, 'NR==2{$1="7"} {print}' good/summary.csv > foreign/summary.csv
refused foreign "foreign/summary.csv:2: launch 7 is not a launch of this folder (its manifest lists [0,1])"
# A NUL byte and bytes that are not UTF-8 in the noise column, which the analysis skips.
# append_to_line4 BYTES: good/summary.csv with printf BYTES appended to its line 4.
append_to_line4() { head -n 3 good/summary.csv; sed -n 4p good/summary.csv | tr -d '\n'; printf "$1\n"; tail -n +5 good/summary.csv; }
copy nul && append_to_line4 '\000' > nul/summary.csv
refused nul "nul/summary.csv:4: a NUL byte (the file is damaged)"
copy latin && append_to_line4 '\351' > latin/summary.csv
refused latin "latin/summary.csv:4: bytes that are not UTF-8 (the file is damaged or was edited)"
# A summary.csv without a header row, and one whose header names a column twice.
copy empty && : > empty/summary.csv
refused empty "empty/summary.csv: no header row (the file is empty or damaged)"
copy dupcol && sed '1s/^launch,/launch,launch,/' good/summary.csv > dupcol/summary.csv
refused dupcol "dupcol/summary.csv: the header names column 'launch' twice"
# raw.csv with an observation twice (compare reads no raw.csv: analyze and report only).
copy rawtwice && { cat good/raw.csv; sed -n 2p good/raw.csv; } > rawtwice/raw.csv
timeout 60 "$METRON" analyze rawtwice > out.txt 2> err.txt
expect_eq "raw row twice: analyze exit code" "$?" "74"
expect_eq "raw row twice: analyze message" "$(cat err.txt)" \
  "metron: error: 'rawtwice/raw.csv' has 6 observations of job 0 of launch 0, but summary.csv says n = 5"
timeout 60 "$METRON" report rawtwice > out.txt 2> err.txt
expect_eq "raw row twice: report exit code" "$?" "74"
# The intact folder reads.
timeout 60 "$METRON" analyze good > out.txt 2> err.txt
expect_eq "intact: analyze exit code" "$?" "0"
finish
