# metron run --simulate (docs/simulation.md) refuses bad input before anything runs, in the
# normal build too: an unreadable platform (74), no smpirun on PATH and no SMPI build (64), the
# options it cannot go with, and the simulated run's options without it (64). No results folder
# is made. The preview itself: smpi_run_preview.sh (SMPI build only).
source "$(dirname "$0")/lib.sh"
printf 'begin measurement "b"\n  measure MPI_COMM_WORLD : Barrier()\nend measurement\n' > s.bench
E="metron: error:"
expect_fails "missing platform" 74 \
  "$E cannot read the platform file 'nowhere.xml': No such file or directory" \
  "$METRON" run s.bench --simulate nowhere.xml --out r1
mkdir dir.xml
expect_fails "a folder as platform" 74 \
  "$E cannot read the platform file 'dir.xml': not a regular file" \
  "$METRON" run s.bench --simulate dir.xml --out r1
expect_fails "missing host file" 74 \
  "$E cannot read the host file 'nohosts': No such file or directory" \
  "$METRON" run s.bench --simulate cluster_64.xml --hostfile nohosts --out r1
# A shipped platform by its name; smpirun looked up on PATH (here: a folder without it).
mkdir bin
expect_fails "no smpirun" 64 \
  "$E --simulate needs SimGrid's smpirun, which is not on PATH (Debian: apt-get install libsimgrid-dev)" \
  env PATH="$PWD/bin" "$METRON" run s.bench --simulate cluster_64.xml --out r1
printf '#!/bin/sh\nexit 0\n' > bin/smpirun
chmod +x bin/smpirun
expect_fails "no SMPI build" 64 \
  "$E no simulated build of metron at 'no/smpi/metron': configure with -DMETRON_SMPI=ON and build it, or give its path with --smpi-metron" \
  env PATH="$PWD/bin:$PATH" "$METRON" run s.bench --simulate cluster_64.xml \
  --smpi-metron no/smpi/metron --out r1
expect_fails "with --launcher" 64 \
  "$E --simulate runs a preview of a fresh run: not with --launcher" \
  "$METRON" run s.bench --simulate cluster_64.xml --launcher "mpiexec -n {np} {metron} exec {script}" --out r1
expect_fails "with --replicates auto" 64 \
  "$E --simulate runs a preview of a fresh run: not with --replicates auto" \
  "$METRON" run s.bench --simulate cluster_64.xml --replicates auto --out r1
expect_fails "with --resume" 64 \
  "$E --simulate runs a preview of a fresh run: not with --resume" \
  "$METRON" run --resume r0 --simulate cluster_64.xml
expect_fails "--hostfile alone" 64 \
  "$E --hostfile belongs to a simulated run: give --simulate PLATFORM too" \
  "$METRON" run s.bench --hostfile h --out r1
expect_fails "--smpi-metron alone" 64 \
  "$E --smpi-metron belongs to a simulated run: give --simulate PLATFORM too" \
  "$METRON" run s.bench --smpi-metron x --out r1
expect_eq "no results folder" "$(ls -d r1 2> /dev/null | wc -l)" "0"
finish
