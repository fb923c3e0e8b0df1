# Issue 31, item 8: a FIFO never blocks a reader. `@include "fifo"` with no writer once hung
# check, and a FIFO in place of manifest.json, summary.csv or raw.csv hung analyze, compare,
# report and replay. Readers of results take regular files only; an include that is a named
# pipe is refused (a script may still come through a pipe: '-' or <(...)).
source "$(dirname "$0")/lib.sh"
mkfifo pipe
printf '@include "pipe"\n' > inc.bench
expect_fails "@include of a FIFO" 65 'inc.bench:1:1: error: cannot read included file '"'"'pipe'"'"' (not a regular file (a FIFO, a device or a socket))
    1 | @include "pipe"
      | ^~~~~~~~~~~~~~~' timeout 20 "$METRON" check inc.bench
expect_fails "a FIFO as the script" 74 "metron: error: cannot read file 'pipe' (a named pipe (FIFO); give a script through a pipe with '-')" \
  timeout 20 "$METRON" check pipe
# A script through a pipe of the shell still reads.
timeout 20 "$METRON" check <(printf 'print(1)\n') > out.txt 2> err.txt
expect_eq "a script through <(...): exit code" "$?" "0"
good_run 1
notfile="not a regular file (a FIFO, a device or a socket)"
for f in manifest.json summary.csv raw.csv; do
  rm -rf "f-$f" && cp -r good "f-$f" && rm "f-$f/$f" && mkfifo "f-$f/$f"
  timeout 20 "$METRON" analyze "f-$f" > out.txt 2> err.txt
  expect_eq "FIFO $f: analyze exit code" "$?" "74"
  expect_eq "FIFO $f: analyze message" "$(cat err.txt)" "metron: error: cannot read 'f-$f/$f': $notfile"
  timeout 20 "$METRON" report "f-$f" > out.txt 2> err.txt
  expect_eq "FIFO $f: report exit code" "$?" "74"
  expect_eq "FIFO $f: report message" "$(cat err.txt)" "metron: error: cannot read 'f-$f/$f': $notfile"
done
for f in manifest.json summary.csv; do
  timeout 20 "$METRON" compare good "f-$f" > out.txt 2> err.txt
  expect_eq "FIFO $f: compare exit code" "$?" "74"
  expect_eq "FIFO $f: compare message" "$(cat err.txt)" "metron: error: cannot read 'f-$f/$f': $notfile"
done
timeout 20 "$METRON" replay f-summary.csv --out r1 --quiet > out.txt 2> err.txt
expect_eq "FIFO summary.csv: replay exit code" "$?" "74"
expect_eq "FIFO summary.csv: replay message" "$(cat err.txt)" "metron: error: cannot read 'f-summary.csv/summary.csv': $notfile"
timeout 20 "$METRON" replay f-manifest.json --out r2 --quiet > out.txt 2> err.txt
expect_eq "FIFO manifest.json: replay exit code" "$?" "74"
expect_eq "FIFO manifest.json: replay message" "$(cat err.txt)" "metron: error: cannot read 'f-manifest.json/manifest.json': $notfile"
rm -rf fl && cp -r good fl && rm fl/summary.csv fl/launches/0/raw.csv && mkfifo fl/launches/0/raw.csv
timeout 20 "$METRON" run --resume fl --quiet > out.txt 2> err.txt
expect_eq "FIFO launches/0/raw.csv: resume exit code" "$?" "74"
expect_eq "FIFO launches/0/raw.csv: resume message" "$(cat err.txt)" \
  "metron: error: the launch folder 'fl/launches/0' is damaged: cannot read 'fl/launches/0/raw.csv': $notfile; move the folder away to run that launch again"
finish
