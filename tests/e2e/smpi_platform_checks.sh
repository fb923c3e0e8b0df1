# metron run --simulate refuses what SimGrid cannot simulate before any launch, with the usage
# exit code and no results folder (docs/simulation.md): a platform without a host (SimGrid divides
# the ranks among none: SIGFPE), a file that is no platform (SimGrid aborts), paths that the
# launcher template cannot carry (a brace is a placeholder; a path with both quote characters
# cannot be quoted), and more ranks than this machine's memory mappings hold (SimGrid aborts
# mid-start). A path with one kind of quote is quoted with the other and runs.
# Registered by cmake/MetronTests.cmake only when METRON_SMPI is on: bash smpi_platform_checks.sh
# <metron> <source dir> <smpi metron>.
source "$(dirname "$0")/lib.sh"
SMPI_METRON=$3
printf 'set reps = 3\nset warmup = 0\nmeasure MPI_COMM_WORLD : Barrier()\n' > s.bench
simulate() { timeout 120 "$METRON" run s.bench --np 2 --smpi-metron "$SMPI_METRON" --quiet "$@"; }
cat > empty.xml <<'X'
<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
<zone id="AS0" routing="Full">
</zone>
</platform>
X
expect_fails "a platform without a host" 64 \
  "metron: error: the platform '$PWD/empty.xml' has no host to run a rank on" \
  simulate --simulate empty.xml --out r1
expect_eq "no host: no folder" "$(ls -d r1 2> /dev/null)" ""
printf '<platform version="4.1"><zone' > bad.xml
expect_fails "a file that is no platform" 64 \
  "metron: error: cannot simulate on the platform '$PWD/bad.xml': Parse error at $PWD/bad.xml:1: Invalid XML (XML input line 1, state 1): Unexpected character \`<' in prolog." \
  simulate --simulate bad.xml --out r2
expect_eq "no platform: no folder" "$(ls -d r2 2> /dev/null)" ""
cp "$SRC/stdlib-benchmarks/platforms/cluster_64.xml" 'a{np}.xml'
expect_fails "a brace in the platform's path" 64 \
  "metron: error: '$PWD/a{np}.xml' holds a brace, or both quote characters, which smpirun's launcher template cannot carry: give a path without them (a link to the file, for example)" \
  simulate --simulate 'a{np}.xml' --out r3
cp "$SRC/stdlib-benchmarks/platforms/cluster_64.xml" "both'\".xml"
expect_fails "both quotes in the platform's path" 64 \
  "metron: error: '$PWD/both'\".xml' holds a brace, or both quote characters, which smpirun's launcher template cannot carry: give a path without them (a link to the file, for example)" \
  simulate --simulate "both'\".xml" --out r4
cp "$SRC/stdlib-benchmarks/platforms/cluster_64.xml" "it's.xml"
simulate --simulate "it's.xml" --out r5 > r5.out 2> r5.err
expect_eq "one quote in the platform's path: the run" "$?" "0"
expect_eq "one quote in the platform's path: simulated" "$(jq .simulated r5/manifest.json)" "true"
maps=$(cat /proc/sys/vm/max_map_count)
np=$((maps / 10 + 1))
timeout 60 "$METRON" run s.bench --np "$np" --smpi-metron "$SMPI_METRON" --quiet \
  --simulate cluster_64.xml --out r6 > r6.out 2> r6.err
expect_eq "too many ranks: usage error" "$?" "64"
expect_grep "too many ranks: why" \
  "^metron: error: $np simulated ranks need about [0-9.]* GiB of memory (each holds a copy of '.*', [0-9]* MiB), and this machine has [0-9.]* [MG]iB available: simulate fewer ranks$\|^metron: error: $np simulated ranks need about $((np * 10)) memory mappings (10 each: a copy of the simulated build and a stack), and this system allows $maps (vm.max_map_count): simulate fewer ranks$" r6.err
expect_eq "too many ranks: no folder" "$(ls -d r6 2> /dev/null)" ""
finish
