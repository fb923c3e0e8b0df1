# metron history's refusals, each one line with a non-zero exit and nothing written: folders
# that are being written, did not finish, are simulated, damaged or not results folders (and
# an add of several folders is all or nothing); database URLs that do not parse, a server that
# refuses, an SQLite file that is not a database, a schema from a newer Metron; bad options.
source "$(dirname "$0")/lib.sh"
good_run 2
DB=$WORK/h.sqlite

# Folders
mkdir empty
expect_fails "a folder without a manifest" 74 \
  "metron: error: 'empty' is not a results folder of metron run or exec (no manifest.json)" \
  "$METRON" history add empty --db "$DB"
expect_fails "not a folder" 74 "metron: error: 'nope' is not a folder" \
  "$METRON" history add nope --db "$DB"
cp -r good unfinished
sed -i 's/"status": "complete"/"status": "interrupted"/' unfinished/manifest.json
expect_fails "a run that did not finish" 74 \
  "metron: error: 'unfinished' did not finish (status 'interrupted'): the history takes finished runs" \
  "$METRON" history add unfinished --db "$DB"
cp -r good simulated
jq '. + {simulated: true}' good/launches/0/manifest.json > simulated/launches/0/manifest.json
expect_fails "a simulated run" 74 \
  "metron: error: 'simulated' holds simulated results (SimGrid SMPI): the history keeps measurements only" \
  "$METRON" history add simulated --db "$DB"
cp -r good undated
jq 'del(.started_at)' good/manifest.json > undated/manifest.json
expect_fails "a manifest without its start time" 74 \
  "metron: error: 'undated/manifest.json' has no 'started_at'" \
  "$METRON" history add undated --db "$DB"
cp -r good damaged
head -c 200 good/summary.csv > damaged/summary.csv
"$METRON" history add damaged --db "$DB" > dm.out 2> dm.err
expect_eq "a damaged folder: exit 74" "$?" "74"
expect_grep "... the reader's message names the file" "^metron: error: damaged/summary.csv" dm.err
expect_eq "... in one line" "$(wc -l < dm.err)" "1"
# A launch whose only job failed (an MPI error injected into job 0): nothing measured to add
printf 'set reps = 5\nbegin measurement "b"\n  measure MPI_COMM_WORLD : Bcast(1, MPI_CHAR, 0)\nend measurement\n' > one.bench
METRON_INJECT_MPI_ERROR=0 timeout 60 $MPIEXEC -n 2 "$METRON" exec one.bench --out nojobs > /dev/null 2>&1
expect_eq "the launch failed" "$(json_status nojobs/manifest.json)" "failed"
expect_fails "a folder whose every job failed" 74 "metron: error: 'nojobs' has no measured job to add" \
  "$METRON" history add nojobs --db "$DB"
# Being written: its lock is held (here by this shell, on descriptor 9; the holder's pid is in
# the lock file, as metron writes it)
cp -r good busy
exec 9> busy/.metron.lock
echo "4242 node7" >&9
flock -n 9
expect_fails "a folder being written" 74 \
  "metron: error: 'busy' is being written (by pid 4242): add it when the run has finished" \
  "$METRON" history add busy --db "$DB"
flock -u 9
exec 9>&-
# All or nothing: one refused folder of two, and the database is not even created
"$METRON" history add good empty --db "$DB" > an.out 2> an.err
expect_eq "two folders, one refused: exit 74" "$?" "74"
expect_eq "... says so" "$(tail -1 an.err)" "metron: error: nothing was added: every folder must be a finished run"
expect_eq "... and nothing was written" "$([ -e "$DB" ] && echo exists || echo absent)" "absent"

# Databases
expect_fails "a URL that does not parse" 64 \
  "metron: error: bad database URL 'mysql://localhost/h' (a file path, sqlite:PATH or postgresql://...)" \
  "$METRON" history add good --db mysql://localhost/h
expect_fails "sqlite: without a file" 64 \
  "metron: error: bad database URL 'sqlite:' (a file path, sqlite:PATH or postgresql://...)" \
  "$METRON" history trend --db sqlite:
"$METRON" history trend --db 'postgresql://[::1/h' > pu.out 2> pu.err
expect_eq "a PostgreSQL URI that libpq rejects: exit 64" "$?" "64"
expect_grep "... with libpq's reason" "^metron: error: bad database URL 'postgresql://\[::1/h': ." pu.err
expect_fails "a server that refuses" 74 \
  "metron: error: cannot connect to the history database 'postgresql://metron:***@127.0.0.1:1/h': connection to server at \"127.0.0.1\", port 1 failed: Connection refused" \
  "$METRON" history add good --db postgresql://metron:secret@127.0.0.1:1/h
expect_fails "no database yet (trend)" 74 \
  "metron: error: no history database at '$DB' (metron history add creates it)" \
  "$METRON" history trend --db "$DB"
echo "not a database, but long enough to be read as one's header" > junk.sqlite
expect_fails "a file that is not a database" 74 \
  "metron: error: history database 'junk.sqlite': file is not a database" \
  "$METRON" history add good --db junk.sqlite
expect_eq "... and it is left as it was" "$(head -c 14 junk.sqlite)" "not a database"
"$METRON" history add good --db "$DB" > /dev/null 2>&1
sqlite3 "$DB" "UPDATE metron_history SET schema_version = 99"
expect_fails "a schema from a newer Metron" 74 \
  "metron: error: the history database '$DB' has schema version 99, newer than this Metron's 1: use a newer metron" \
  "$METRON" history add good --db "$DB"
sqlite3 "$DB" "UPDATE metron_history SET schema_version = 1"
expect_fails "no default location" 64 \
  "metron: error: no default history database: neither XDG_DATA_HOME nor HOME is set; give --db" \
  env -u HOME -u XDG_DATA_HOME "$METRON" history trend

# Options
expect_fails "add without folders" 64 \
  "metron: error: history add needs the results folders to add (metron history add DIR...)" \
  "$METRON" history add --db "$DB"
expect_fails "trend with folders" 64 \
  "metron: error: history trend reads the database, not folders ('good'): add them with metron history add" \
  "$METRON" history trend good --db "$DB"
expect_fails "a bad --since" 64 \
  "metron: error: bad --since '2026-13-01' (a date YYYY-MM-DD, or YYYY-MM-DDTHH:MM:SSZ)" \
  "$METRON" history trend --db "$DB" --since 2026-13-01
expect_fails "a bad --job" 64 \
  "metron: error: bad --job 'op=Bcast,' (comma-separated terms: FIELD=VALUE or a word)" \
  "$METRON" history trend --db "$DB" --job op=Bcast,
expect_fails "a bad --method" 64 "metron: error: bad --method 'pelt' (hunter or permutation)" \
  "$METRON" history trend --db "$DB" --method pelt
expect_fails "a bad --max-p" 64 "metron: error: bad --max-p '2' (a p-value between 0 and 1)" \
  "$METRON" history trend --db "$DB" --max-p 2
expect_fails "a bad --min-change" 64 "metron: error: bad --min-change '-1' (a percentage such as 2%, or 0.02)" \
  "$METRON" history trend --db "$DB" --min-change=-1
expect_fails "a bad --margin" 64 "metron: error: bad --margin 'lots' (a percentage such as 5%, or 0.05)" \
  "$METRON" history trend --db "$DB" --margin lots
expect_fails "report without a folder or --history" 64 \
  "metron: error: report takes DIR, DIR_A DIR_B, or --history URL" "$METRON" report
expect_fails "report with a folder and --history" 64 \
  "metron: error: report takes DIR, DIR_A DIR_B, or --history URL" "$METRON" report good --history "$DB"
# run --history: a URL that does not parse stops the run before it starts
expect_fails "run --history with a bad URL" 64 \
  "metron: error: bad database URL 'mysql://h' (a file path, sqlite:PATH or postgresql://...)" \
  "$METRON" run s.bench --out never --history mysql://h
expect_eq "... no results folder" "$([ -e never ] && echo exists || echo absent)" "absent"
# One run, one database: the trend of one run is undecided (exit 2)
"$METRON" history trend --db "$DB" > t.out 2> t.err
expect_eq "one run: undecided, exit 2" "$?" "2"
expect_grep "... because it is the first" "latest run 1: undecided (no earlier run)" t.out
finish
