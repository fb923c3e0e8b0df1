# Issue 31, item 6: every reader has a bound. A summary.csv or raw.csv linked to /dev/zero once
# made analyze grow to gigabytes and compare and report hang; a string doubled in a loop ended in
# 'internal error: std::bad_alloc' without a place; a run manifest with 10^12 replicates made
# --resume spin at 4 GB; a string literal of 32 MiB took 15 s and 1 GB to check. Each is now an
# error with a message (and the script's place), within seconds.
source "$(dirname "$0")/lib.sh"
good_run 1
notfile="not a regular file (a FIFO, a device or a socket)"
rm -rf zs && cp -r good zs && ln -sf /dev/zero zs/summary.csv
for cmd in analyze report; do
  timeout 20 "$METRON" $cmd zs > out.txt 2> err.txt
  expect_eq "summary.csv -> /dev/zero: $cmd exit code" "$?" "74"
  expect_eq "summary.csv -> /dev/zero: $cmd message" "$(cat err.txt)" \
    "metron: error: cannot read 'zs/summary.csv': $notfile"
done
timeout 20 "$METRON" compare good zs > out.txt 2> err.txt
expect_eq "summary.csv -> /dev/zero: compare exit code" "$?" "74"
expect_eq "summary.csv -> /dev/zero: compare message" "$(cat err.txt)" \
  "metron: error: cannot read 'zs/summary.csv': $notfile"
rm -rf zr && cp -r good zr && ln -sf /dev/zero zr/raw.csv
timeout 20 "$METRON" analyze zr > out.txt 2> err.txt
expect_eq "raw.csv -> /dev/zero: analyze exit code" "$?" "74"
expect_eq "raw.csv -> /dev/zero: analyze message" "$(cat err.txt)" \
  "metron: error: cannot read 'zr/raw.csv': $notfile"
rm -rf zm && cp -r good zm && ln -sf /dev/zero zm/manifest.json
timeout 20 "$METRON" analyze zm > out.txt 2> err.txt
expect_eq "manifest.json -> /dev/zero: analyze exit code" "$?" "74"
expect_eq "manifest.json -> /dev/zero: analyze message" "$(cat err.txt)" \
  "metron: error: cannot read 'zm/manifest.json': $notfile"
# A line of megabytes in a regular raw.csv.
rm -rf long && cp -r good long && { cat good/raw.csv; head -c 2000000 /dev/zero | tr '\0' 'x'; echo; } > long/raw.csv
timeout 20 "$METRON" analyze long > out.txt 2> err.txt
expect_eq "a line of 2 MB: analyze exit code" "$?" "74"
expect_eq "a line of 2 MB: analyze message" "$(cat err.txt)" \
  "metron: error: long/raw.csv:7: a line longer than 1 MiB (the file is damaged or not a CSV file)"
# A string doubled 40 times.
cat > grow.bench <<'B'
s = "ab"
for i = 1 to 40 do
   s = s + s
od
B
timeout 20 "$METRON" check grow.bench > out.txt 2> err.txt
expect_eq "s = s + s: exit code" "$?" "65"
expect_eq "s = s + s: message" "$(head -1 err.txt)" \
  "grow.bench:3:8: error: the result of '+' is a string of 33554432 bytes, longer than the limit of 16 MiB"
# A string literal of 32 MiB: refused before the lexer, by its line.
{ printf 's = "'; head -c 33554432 /dev/zero | tr '\0' 'a'; printf '"\nprint(s)\n'; } > literal.bench
start=$(date +%s)
timeout 20 "$METRON" check literal.bench > out.txt 2> err.txt
expect_eq "a 32 MiB literal: exit code" "$?" "65"
expect_eq "a 32 MiB literal: message" "$(head -1 err.txt)" \
  "literal.bench:1:1: error: line of more than 16 MiB (the limit of a line in a script)"
[ $(($(date +%s) - start)) -lt 10 ] && pass "a 32 MiB literal: checked in seconds" || fail "a 32 MiB literal took $(($(date +%s) - start)) s"
# 10^12 replicates in a run manifest: refused by --resume before anything is expanded.
rm -rf many && cp -r good many && jq '.design.replicates = 1000000000000' good/manifest.json > many/manifest.json
timeout 20 "$METRON" run --resume many > out.txt 2> err.txt
expect_eq "10^12 replicates: resume exit code" "$?" "74"
expect_eq "10^12 replicates: resume message" "$(cat err.txt)" \
  "metron: error: the manifest 'many/manifest.json' is damaged: 'design.replicates' is not a whole number from 1 to 1048576"
# 2^20 replicates of two levels: each count is allowed, the launches they make are not.
rm -rf many2 && cp -r good many2
jq '.design.replicates = 1048576 | .design.factors = [{"name": "f", "levels": ["a", "b"]}]' good/manifest.json > many2/manifest.json
timeout 20 "$METRON" run --resume many2 > out.txt 2> err.txt
expect_eq "2^21 launches: resume exit code" "$?" "74"
expect_eq "2^21 launches: resume message" "$(cat err.txt)" \
  "metron: error: the manifest 'many2/manifest.json' is damaged: 'design' makes 2097152 launches, more than 1048576"
rm -rf nb && cp -r good nb && jq '.skip_unsupported = "yes"' good/manifest.json > nb/manifest.json
timeout 20 "$METRON" run --resume nb > out.txt 2> err.txt
expect_eq "a flag that is not a boolean: resume exit code" "$?" "74"
expect_eq "a flag that is not a boolean: resume message" "$(cat err.txt)" \
  "metron: error: the manifest 'nb/manifest.json' is damaged: 'skip_unsupported' is not true or false"
# A manifest.json of 300 MiB (sparse): refused by its size, before it is read.
rm -rf bigm && cp -r good bigm && truncate -s 300M bigm/manifest.json
timeout 20 "$METRON" analyze bigm > out.txt 2> err.txt
expect_eq "a 300 MiB manifest: analyze exit code" "$?" "74"
expect_eq "a 300 MiB manifest: analyze message" "$(cat err.txt)" \
  "metron: error: cannot read 'bigm/manifest.json': larger than 256 MiB"
rm -rf nj && cp -r good nj && echo '{' > nj/manifest.json
timeout 20 "$METRON" analyze nj > out.txt 2> err.txt
expect_eq "a manifest that is not JSON: analyze exit code" "$?" "74"
expect_grep "a manifest that is not JSON: analyze message" \
  "^metron: error: cannot read 'nj/manifest.json': not JSON (\[json.exception.parse_error.101\] .*)$" err.txt
# A count beyond 2^53 (a double no longer holds every whole number there).
rm -rf bigc && cp -r good bigc
awk -F, -v OFS=, 'NR==1{for(i=1;i<=NF;i++) if($i=="comm_size") c=i} NR>1{$c="10000000000000000"} 1' \
  good/summary.csv > bigc/summary.csv
timeout 20 "$METRON" analyze bigc > out.txt 2> err.txt
expect_eq "a count of 10^16: analyze exit code" "$?" "74"
expect_eq "a count of 10^16: analyze message" "$(cat err.txt)" \
  "metron: error: bigc/summary.csv:2: 'comm_size' is 10000000000000000, more than 9007199254740992"
finish
