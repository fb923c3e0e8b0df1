# Issue 31, item 2: `run --resume` and the merge at the end of a run read each launch's files as
# strictly as analyze reads the merged ones. A launch whose summary.csv or raw.csv is cut short,
# has a field too few or too many, holds a job twice, is cut inside its header or is missing is
# refused with the file, the line and what to do (exit 74): nothing is padded, shifted, invented
# or dropped, and nothing is merged.
source "$(dirname "$0")/lib.sh"
good_run 2 sweep
fields=$(head -1 good/launches/0/summary.csv | tr ',' '\n' | wc -l)
# damaged NAME EXPECTED-WHY: run --resume of a copy whose launch 0 went through damage_NAME; the
# merged files of the copy are removed first, so that a merge that went through would show.
damaged() {
  local name=$1 why=$2
  timeout 60 "$METRON" run --resume "$name" --quiet > out.txt 2> err.txt
  expect_eq "$name: exit code" "$?" "74"
  expect_eq "$name: message" "$(cat err.txt)" \
    "metron: error: the launch folder '$name/launches/0' is damaged: $why; move the folder away to run that launch again"
  [ ! -e "$name/summary.csv" ] && pass "$name: nothing merged" || fail "$name: summary.csv merged"
}
copy() { rm -rf "$1" && cp -r good "$1" && rm -f "$1/summary.csv" "$1/raw.csv" "$1/analysis.csv"; }
S=launches/0/summary.csv
# A row cut short: once padded with empty cells.
copy short && { head -n 2 good/$S; sed -n 3p good/$S | cut -d, -f1-20; tail -n +4 good/$S; } > short/$S
damaged short "short/$S:3: a row of 20 fields where the header has $fields (the file is damaged or was edited)"
# The file cut in its last number (7.26000052964082e-0 once read as 7.26 s).
copy cut && head -c -3 good/$S > cut/$S
damaged cut "cut/$S:4: the last row has no end of line (the file was cut short)"
# A field dropped or added: once shifted the columns.
copy dropped && awk -F, -v OFS=, 'NR==2{$5=""; $0=$0; sub(/,,/, ",")} {print}' good/$S > dropped/$S
damaged dropped "dropped/$S:2: a row of $((fields - 1)) fields where the header has $fields (the file is damaged or was edited)"
copy extra && awk 'NR==3{$0=$0",x"} {print}' good/$S > extra/$S
damaged extra "extra/$S:3: a row of $((fields + 1)) fields where the header has $fields (the file is damaged or was edited)"
# A row twice: once a phantom "occurrence 1" job.
copy twice && { cat good/$S; sed -n 4p good/$S; } > twice/$S
damaged twice "twice/$S:5: job 2 of launch 0 appears twice (lines 4 and 5)"
# Cut inside its header: once 0 rows while the manifest listed the launch as merged.
copy header && head -c 100 good/$S > header/$S
damaged header "header/$S:1: the last row has no end of line (the file was cut short)"
# A row deleted: one job fewer than the launch's manifest lists.
copy deleted && sed '3d' good/$S > deleted/$S
damaged deleted "'deleted/$S' has 2 rows of jobs, but the manifest records 3 ('jobs')"
# raw.csv deleted: once no merged raw.csv, with exit 0.
copy noraw && rm noraw/launches/0/raw.csv
damaged noraw "cannot read 'noraw/launches/0/raw.csv': no such file or directory"
# raw.csv with a row twice: one observation more than summary.csv's n.
copy rawtwice && { cat good/launches/0/raw.csv; sed -n 2p good/launches/0/raw.csv; } > rawtwice/launches/0/raw.csv
damaged rawtwice "'rawtwice/launches/0/raw.csv' has 6 observations of job 0 of launch 0, but summary.csv says n = 5"
# The intact copy still merges.
copy intact
timeout 60 "$METRON" run --resume intact --quiet > out.txt 2> err.txt
expect_eq "intact copy: exit code" "$?" "0"
expect_eq "intact copy: merged rows" "$(($(wc -l < intact/summary.csv) - 1))" "6"
finish
