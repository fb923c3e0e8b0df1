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
finish
