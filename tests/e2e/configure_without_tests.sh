# -DMETRON_TESTS=OFF configures the binary alone, without doctest: CMake is told that doctest
# cannot be found, and the configure step must still succeed and register no test.
source "$(dirname "$0")/lib.sh"
timeout 300 cmake -S "$SRC" -B b -DMETRON_TESTS=OFF -DCMAKE_DISABLE_FIND_PACKAGE_doctest=ON \
  > configure.txt 2>&1
expect_eq "configure without doctest: exit code" "$?" "0"
if grep -q "add_test\|doctest" b/CTestTestfile.cmake 2> /dev/null; then
  fail "tests registered with METRON_TESTS=OFF"
else
  pass "no tests registered"
fi
expect_grep "the binary is still a target" "^metron:" <(make -C b help 2> /dev/null | sed 's/^\.\.\. //; s/$/:/')
# The same switch with tests on does need doctest: the check above is not vacuous.
timeout 300 cmake -S "$SRC" -B c -DMETRON_TESTS=ON -DCMAKE_DISABLE_FIND_PACKAGE_doctest=ON \
  > configure2.txt 2>&1
expect_eq "tests on, doctest disabled: configure fails" "$?" "1"
finish
