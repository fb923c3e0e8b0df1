# The libraries that only bundles and the history use (libarchive, libsqlite3, libpq) are loaded
# when a command needs them, not at start: a launch's ranks never load them, `history add` and
# `pack` do; and when one cannot be loaded the command says which library, for what, and exits
# non-zero with nothing written (METRON_TEST_LIBRARY_MISSING makes one missing).
source "$(dirname "$0")/lib.sh"
# The libraries a process loaded: the dynamic linker's trace of the files it opened.
loaded() { grep -o 'file=[^ ]*' "$1" | sort -u; }
LAZY='libarchive\.so\|libsqlite3\.so\|libpq\.so'

printf 'set reps = 3\nset warmup = 0\nmeasure MPI_COMM_WORLD : Synthetic(1, 1us)\n' > one.bench
LD_DEBUG=files timeout 60 $MPIEXEC -n 2 "$METRON" exec one.bench --out ex --quiet > /dev/null 2> ex.trace
expect_eq "an exec launch: exit code" "$?" "0"
expect_grep "... the trace shows the libraries the ranks loaded" "file=libmpi" <(loaded ex.trace)
expect_eq "... none of the three" "$(loaded ex.trace | grep -c "$LAZY")" "0"
# The ANTLR runtime is linked into the executable: its relocations were 0.8 ms of every start.
expect_eq "... nor the ANTLR runtime" "$(loaded ex.trace | grep -c 'libantlr4')" "0"

good_run 1
LD_DEBUG=files "$METRON" history add good --db h.sqlite > add.out 2> add.trace
expect_eq "history add: exit code" "$?" "0"
expect_grep "... loads libsqlite3 when it opens the database" "file=libsqlite3.so" <(loaded add.trace)
expect_eq "... and not libpq or libarchive" "$(loaded add.trace | grep -c 'libpq\.so\|libarchive\.so')" "0"
LD_DEBUG=files "$METRON" pack good --out good.tar.gz > pack.out 2> pack.trace
expect_eq "pack: exit code" "$?" "0"
expect_grep "... loads libarchive" "file=libarchive.so" <(loaded pack.trace)

SQLITE=$(loaded add.trace | grep -o 'libsqlite3\.so[.0-9]*' | head -1)
ARCHIVE=$(loaded pack.trace | grep -o 'libarchive\.so[.0-9]*' | head -1)
METRON_TEST_LIBRARY_MISSING=$SQLITE expect_fails "history add without libsqlite3" 74 \
  "metron: error: cannot load '$SQLITE', which an SQLite history database needs: /nonexistent/$SQLITE: cannot open shared object file: No such file or directory" \
  "$METRON" history add good --db new.sqlite
expect_eq "... no database written" "$(ls new.sqlite 2> /dev/null)" ""
METRON_TEST_LIBRARY_MISSING=$ARCHIVE expect_fails "pack without libarchive" 70 \
  "metron: error: cannot load '$ARCHIVE', which a bundle (.tar.gz) needs: /nonexistent/$ARCHIVE: cannot open shared object file: No such file or directory" \
  "$METRON" pack good --out other.tar.gz
expect_eq "... no bundle written" "$(ls other.tar.gz* 2> /dev/null)" ""
METRON_TEST_LIBRARY_MISSING=$ARCHIVE "$METRON" replay good.tar.gz --out again > rp.out 2> rp.err
expect_eq "replay of a bundle without libarchive: exit code" "$?" "70"
expect_grep "... names the library" "^metron: error: cannot load '$ARCHIVE', which a bundle" rp.err
METRON_TEST_LIBRARY_MISSING=libpq.so.5 "$METRON" history add good --db postgresql://localhost/none \
  > pq.out 2> pq.err
expect_eq "a PostgreSQL URL without libpq: exit code" "$?" "74"
expect_grep "... names the library" \
  "^metron: error: cannot load 'libpq.so.5', which a PostgreSQL history database needs: /nonexistent/libpq.so.5: cannot open" pq.err
# A bad URL stays a usage error; the missing library is checked before a run measures anything.
METRON_TEST_LIBRARY_MISSING=libpq.so.5 "$METRON" history trend --db postgresql://localhost/none \
  > pqt.out 2> pqt.err
expect_eq "trend on a PostgreSQL URL without libpq: exit code" "$?" "74"
METRON_TEST_LIBRARY_MISSING=libpq.so.5 "$METRON" run one.bench --np 2 --out pqrun \
  --history postgresql://localhost/none > pqr.out 2> pqr.err
expect_eq "run --history with a PostgreSQL URL without libpq: exit code" "$?" "74"
expect_eq "... before measuring" "$(ls pqrun 2> /dev/null)" ""
"$METRON" history add good --db mysql://nowhere/db > bad.out 2> bad.err
expect_eq "an unknown scheme: exit code" "$?" "64"
finish
