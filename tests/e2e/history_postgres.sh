# metron history against a real PostgreSQL server that the test starts itself: initdb and pg_ctl
# (as the `postgres` user when run as root) on a free port of 127.0.0.1 and a private socket
# folder, stopped at the end. The same injected regression as history_sqlite.sh (a PMPI wrapper
# preloaded from run 4 on) must be found at run 4; then the server's refusals: a URL that does
# not parse, a server that is not there, a schema from a newer Metron, a failure in the middle
# of an add (nothing half-written). Skipped, with a line that says so, only when the server
# binaries are missing (Debian: postgresql).
source "$(dirname "$0")/lib.sh"
PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2> /dev/null | sort -V | tail -1)
if [ -z "$PGBIN" ] || [ ! -x "$PGBIN/initdb" ] || [ ! -x "$PGBIN/pg_ctl" ]; then
  echo "SKIP: no PostgreSQL server binaries (/usr/lib/postgresql/*/bin/initdb; Debian: postgresql)"
  exit 0
fi
source "$(dirname "$0")/history/history_lib.sh"

# The server runs as `postgres` when we are root (it refuses to run as root): it must reach the
# test's folder.
chmod 711 "$WORK"
AS=()
[ "$(id -u)" == "0" ] && AS=(runuser -u postgres --)
mkdir -p "$WORK/pg" "$WORK/sock"
[ "$(id -u)" == "0" ] && chown postgres "$WORK/pg" "$WORK/sock"
"${AS[@]}" "$PGBIN/initdb" -D "$WORK/pg/data" -U metron --auth=trust -E UTF8 --no-sync \
  > initdb.log 2>&1 || { fail "initdb"; cat initdb.log; finish; }
# A free port: the first one nothing answers on.
PORT=
for p in $(seq 55432 55532); do
  if ! (exec 3<> "/dev/tcp/127.0.0.1/$p") 2> /dev/null; then PORT=$p; break; fi
done
[ -n "$PORT" ] || { fail "no free port in 55432-55532"; finish; }
stop_server() {
  "${AS[@]}" "$PGBIN/pg_ctl" -D "$WORK/pg/data" -m immediate stop > /dev/null 2>&1
}
trap 'stop_server; rm -rf "$WORK"' EXIT
"${AS[@]}" "$PGBIN/pg_ctl" -D "$WORK/pg/data" -l "$WORK/pg/log" -w -t 60 \
  -o "-p $PORT -k $WORK/sock -c listen_addresses=127.0.0.1 -c fsync=off" start > start.log 2>&1 ||
  { fail "pg_ctl start"; cat start.log "$WORK/pg/log"; finish; }
pass "PostgreSQL $("$PGBIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT"
"$PGBIN/createdb" -h "$WORK/sock" -p "$PORT" -U metron history > createdb.log 2>&1 ||
  { fail "createdb"; cat createdb.log; finish; }
# Over the private socket folder, and over TCP.
DB="postgresql://metron@/history?host=$WORK/sock&port=$PORT"
DB_TCP="postgresql://metron@127.0.0.1:$PORT/history"
psql_do() { "$PGBIN/psql" -h "$WORK/sock" -p "$PORT" -U metron -d history -qAt -c "$1"; }

build_delay
for n in 1 2 3; do history_run $n "$DB"; done
history_run 4 "$DB_TCP" slow
"$METRON" history trend --db "$DB" --job op=Bcast > t4.out 2> t4.err
expect_eq "trend after the slow run: exit 1 (a regression)" "$?" "1"
expect_grep "the Bcast series changes at run 4" "change at run 4 (.*, r4): [0-9.]*x \[" t4.out
expect_grep "the latest run is a regression" "latest run 4: regression: " t4.out
expect_grep "what changed: the launcher" "changed: launcher: .*-genv LD_PRELOAD" t4.out
expect_eq "four runs in the server's tables" "$(psql_do 'SELECT COUNT(*) FROM metron_runs')" "4"
expect_eq "... 24 launch values" "$(psql_do 'SELECT COUNT(*) FROM metron_launch_values')" "24"
"$METRON" history add r4 --db "$DB" > a.out 2> a.err
expect_eq "adding run 4 again: exit 0" "$?" "0"
expect_eq "... nothing added" "$(cat a.err)" "metron: 'r4' is in the history already (run 4): nothing added"

# Refusals: one line each, a non-zero exit, nothing half-written
expect_fails "a URL that does not parse" 64 \
  "metron: error: bad database URL 'mysql://localhost/history' (a file path, sqlite:PATH or postgresql://...)" \
  "$METRON" history trend --db mysql://localhost/history
expect_fails "a server that is not there" 74 \
  "metron: error: cannot connect to the history database 'postgresql://metron:***@/history?host=$WORK/sock&port=1': connection to server on socket \"$WORK/sock/.s.PGSQL.1\" failed: No such file or directory" \
  "$METRON" history trend --db "postgresql://metron:secret@/history?host=$WORK/sock&port=1"
expect_fails "a database that refuses the user" 74 \
  "metron: error: cannot connect to the history database 'postgresql://nobody@127.0.0.1:$PORT/history': connection to server at \"127.0.0.1\", port $PORT failed: FATAL:  role \"nobody\" does not exist" \
  "$METRON" history trend --db "postgresql://nobody@127.0.0.1:$PORT/history"
psql_do "UPDATE metron_history SET schema_version = 99"
expect_fails "a schema from a newer Metron (add)" 74 \
  "metron: error: the history database 'postgresql://metron@/history?host=$WORK/sock&port=$PORT' has schema version 99, newer than this Metron's 1: use a newer metron" \
  "$METRON" history add r1 --db "$DB"
expect_fails "a schema from a newer Metron (trend)" 74 \
  "metron: error: the history database 'postgresql://metron@/history?host=$WORK/sock&port=$PORT' has schema version 99, newer than this Metron's 1: use a newer metron" \
  "$METRON" history trend --db "$DB"
psql_do "UPDATE metron_history SET schema_version = 1"
# A failure in the middle of an add: the server refuses the Synthetic job's launch values (a check
# the test adds for new rows), after the run's row and its Bcast results were written; none of
# it stays.
history_run 5 "$WORK/other.sqlite"
psql_do "ALTER TABLE metron_launch_values ADD CONSTRAINT refuse_synthetic CHECK (median_s < 1e-5 OR median_s > 1e-4) NOT VALID"
"$METRON" history add r5 --db "$DB" > h.out 2> h.err
expect_eq "an add that fails in the middle: exit 74" "$?" "74"
expect_grep "... says why, in one line" "^metron: error: history database '.*': ERROR:  new row for relation \"metron_launch_values\" violates check constraint \"refuse_synthetic\"$" h.err
expect_eq "... in one line" "$(wc -l < h.err)" "1"
expect_eq "... and nothing of run 5 is there" "$(psql_do 'SELECT COUNT(*) FROM metron_runs')" "4"
expect_eq "... not one value" "$(psql_do 'SELECT COUNT(*) FROM metron_launch_values')" "24"
stop_server
finish
