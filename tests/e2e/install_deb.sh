# The Debian package: cpack builds it from the build folder, dpkg -x unpacks it into a fresh
# staging root, and the installed metron runs an example under mpiexec -n 2, finds the stdlib
# suites relative to itself (also after the root is moved), and brings its man pages and shell
# completion.
source "$(dirname "$0")/lib.sh"
BUILD=$(cd "$(dirname "$METRON")" && pwd)
timeout 600 cpack --config "$BUILD/CPackConfig.cmake" -B "$WORK/pkg" > cpack.txt 2>&1
expect_eq "cpack exit code" "$?" "0"
deb=$(ls pkg/*.deb 2> /dev/null | head -1)
if [ -z "$deb" ]; then fail "no .deb built"; cat cpack.txt; finish; fi
dpkg-deb --field "$deb" Package Depends > fields.txt
expect_grep "package name" "^Package: metron$" fields.txt
expect_grep "depends on mpich (mpiexec)" "^Depends: .*mpich" fields.txt
expect_grep "depends on the shared libraries (dpkg-shlibdeps)" "^Depends: .*libc6" fields.txt
expect_grep "... and on those loaded on first use" "^Depends: .*libarchive13.*libsqlite3-0.*libpq5" fields.txt
dpkg -x "$deb" root
expect_eq "dpkg -x exit code" "$?" "0"
BIN=root/usr/bin/metron
if [ ! -x "$BIN" ]; then fail "no usr/bin/metron in the package"; finish; fi

"$BIN" --version > version.txt
expect_eq "--version exit code" "$?" "0"
expect_grep "--version: version" "^metron [0-9]*\.[0-9]*\.[0-9]*$" version.txt
expect_grep "--version: git commit" "^git commit [0-9a-f]\{12\}$\|^git commit unknown$" version.txt
expect_grep "--version: MPI library" "^MPI library:" version.txt
expect_grep "--version: MPI version string" "MPICH Version:" version.txt

# An installed example, run by the installed binary.
# (06_synthetic: five jobs of 40 busy-waits of at most 500 us, quick even on a loaded machine.)
timeout 300 $MPIEXEC -n 2 "$BIN" exec root/usr/share/metron/examples/06_synthetic.bench --out q \
  --quiet > q.txt 2>&1
expect_eq "installed example: exit code" "$?" "0"
expect_eq "installed example: manifest status" "$(json_status q/manifest.json)" "complete"
expect_eq "installed example: jobs" "$(($(wc -l < q/summary.csv) - 1))" "5"

# A relocated installation still finds its stdlib suites, next to its own binary.
mv root moved
cat > inc.bench <<'B'
num_procs = get_np()
@include "Barrier.inc"
B
timeout 120 $MPIEXEC -n 2 moved/usr/bin/metron exec inc.bench --out i --quiet > i.txt 2>&1
expect_eq "stdlib include from a relocated install: exit code" "$?" "0"
expect_grep "the include resolved in the moved share folder" \
  "\"name\": \"$WORK/moved/usr/share/metron/stdlib-benchmarks/Barrier.inc\"" i/manifest.json
moved/usr/bin/metron check inc.bench --np 2
expect_eq "stdlib include: check exit code" "$?" "0"

# Man pages: one per subcommand and metron.1, as generated in the build folder.
for page in "$BUILD"/generated/install/man/*.1; do
  name=$(basename "$page")
  if cmp -s "$page" "moved/usr/share/man/man1/$name"; then pass "man page $name installed"; else
    fail "man page $name missing or different"; fi
done
expect_eq "man pages installed" "$(ls moved/usr/share/man/man1 | wc -l)" \
  "$(ls "$BUILD"/generated/install/man/*.1 | wc -l)"
for f in README.md LICENSE docs/language.md docs/cli.md; do
  if [ -f "moved/usr/share/doc/metron/$f" ]; then pass "doc $f installed"; else
    fail "doc $f missing"; fi
done

# Bash completion: subcommands, options and the operations of `quick`.
comp() {
  bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1));
           _metron; echo "${COMPREPLY[*]}"' _ moved/usr/share/bash-completion/completions/metron "$@"
}
expect_eq "bash completion: subcommand" "$(comp metron qu)" "quick"
expect_eq "bash completion: option" "$(comp metron quick --pr)" "--print-script"
expect_eq "bash completion: operation" "$(comp metron quick Pingpong_Sendrecv_r)" "Pingpong_Sendrecv_replace"
expect_grep "zsh completion installed" "^#compdef metron" moved/usr/share/zsh/vendor-completions/_metron
if command -v zsh > /dev/null; then
  zsh -n moved/usr/share/zsh/vendor-completions/_metron
  expect_eq "zsh completion parses" "$?" "0"
fi
finish
