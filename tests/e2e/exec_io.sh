# MPI-IO end to end (docs/io.md): a reduced SKaMPI-style script that uses every MPI_IO_* function,
# the I/O setters and the data access iterator runs on 2 ranks with verification; the run's
# temporary folder of files is removed afterwards (kept with io_keep); the manifest states the
# page cache; a folder that is not writable and a file that does not fit the disk stop the
# launch with exit 70 and their message at the measure statement.
source "$(dirname "$0")/lib.sh"
cat > io_all.ski <<'B'
IO_NO_SHARED_FP = 0x333
IO_ONLY_SHARED_FP = 0x334
ROUTINES = 0x316
set verify = on
set reps = 2
set warmup = 0
set_io_datarep("native")
set_io_atomicity(0)
set_io_preallocation(1)
set_io_unique_open(1)
set_io_file_sync(1)
set_file_info("romio_cb_write", "automatic")
print "io settings:", get_io_datarep(), get_io_preallocation(), get_io_unique_open()
c = comm(2)
B = MPI_BYTE
begin measurement "open close delete seek"
  measure c : MPI_IO_open(1)
  measure c : MPI_IO_open_close(0)
  measure c : MPI_IO_close(4096)
  measure comm(1) : MPI_IO_delete(4096)
  measure c : MPI_IO_delete_on_close(4096)
  measure c : MPI_IO_file_seek(4096, 1024, B, B, B)
  measure c : MPI_IO_file_seek_shared(4096, 1024, B, B, B)
  measure c : MPI_IO_preallocate(4096, 1)
end measurement
begin measurement "patterns"
  for daccess in data_access_routines(ROUTINES & IO_NO_SHARED_FP & 0x1ff) do
    print_data_access_settings(daccess, 3)
    measure c : MPI_IO_write_segmented(4096, 1024, 4096, B, B, B, daccess)
    measure c : MPI_IO_read_segmented(4096, 1024, 4096, B, B, B, daccess)
    measure c : MPI_IO_write_strided(4096, 1024, 1024, B, B, B, daccess)
    measure c : MPI_IO_read_strided(4096, 1024, 1024, B, B, B, daccess)
    measure c : MPI_IO_read_file(4096, B, B, B, daccess)
    measure c : MPI_IO_read_and_distribute(4096, 2, B, B, B, daccess)
    measure c : MPI_IO_write_random([4096, 2048], [1024, 512], B, B, B, daccess)
    measure c : MPI_IO_read_random([4096, 2048], [1024, 512], B, B, B, daccess)
    measure c : MPI_IO_write_noncontiguous(4096, 1024, B, B, B, daccess)
    measure c : MPI_IO_read_noncontiguous(4096, 1024, B, B, B, daccess)
    measure c : MPI_IO_write_separate(4096, 1024, 2048, B, B, B, daccess)
    measure c : MPI_IO_read_separate(4096, 1024, 2048, B, B, B, daccess)
    measure c : MPI_IO_write_once(4096, B, B, B, 0, daccess)
    measure c : MPI_IO_read_once(4096, B, B, B, 1, daccess)
  od
  measure c : MPI_IO_write_and_read(4096, 1024, B, B, B, 0x112)
  for daccess in data_access_routines(ROUTINES & IO_ONLY_SHARED_FP & 0x2ff) do
    measure c : MPI_IO_write_sequential(4096, 1024, B, B, B, daccess)
    measure c : MPI_IO_read_sequential(4096, 1024, B, B, B, daccess)
  od
end measurement
B
"$METRON" check io_all.ski > check.txt 2>&1
expect_eq "io_all.ski checks" "$?" "0"
timeout 600 $MPIEXEC -n 2 "$METRON" exec io_all.ski --out out > out.txt 2> err.txt
expect_eq "io_all.ski runs: exit code" "$?" "0"
expect_eq "manifest status" "$(json_status out/manifest.json)" "complete"
# 8 jobs in the first block, 14 + 1 + 2 in the second (one class each: 0x112, 0x214)
expect_eq "jobs in summary.csv" "$(($(wc -l < out/summary.csv) - 1))" "25"
expect_eq "every MPI_IO_ name measured" \
  "$(column op out/summary.csv | grep -c '^MPI_IO_' )" "25"
expect_eq "distinct MPI_IO_ names" "$(column op out/summary.csv | sort -u | wc -l)" "25"
expect_grep "manifest states the page cache" '"page_cache"' out/manifest.json
expect_eq "the run's file folder is removed" "$(ls -d out/io-files 2>/dev/null)" ""
expect_grep "print of the getters" "io settings: native 1 1" out.txt

# io_keep keeps the folder
printf 'set io_keep = on\nset reps = 2\nmeasure comm(2) : MPI_IO_read_once(1024)\n' > keep.bench
timeout 120 $MPIEXEC -n 2 "$METRON" exec keep.bench --out keep > /dev/null 2>&1
expect_eq "io_keep: exit code" "$?" "0"
expect_eq "io_keep: folder kept" "$(ls -d keep/io-files 2>/dev/null)" "keep/io-files"

# a working directory that is not there
printf 'set_io_working_dir("/nonexistent/metron-io")\nmeasure comm(2) : MPI_IO_open(0)\n' > nodir.ski
timeout 120 $MPIEXEC -n 2 "$METRON" exec nodir.ski --out nodir > /dev/null 2> nodir.err
expect_eq "missing working dir: exit code" "$?" "70"
expect_grep "missing working dir: message at the measure" \
  "nodir.ski:2:1: error: 'MPI_IO_open': the MPI-IO working directory '/nonexistent/metron-io' cannot hold files: no such directory (set io_dir or set_io_working_dir to a writable folder)" nodir.err

# a file that does not fit the disk (the free space a test hook states)
printf 'measure comm(2) : MPI_IO_write_once(1MiB)\n' > full.bench
METRON_TEST_IO_FREE_BYTES=1000 timeout 120 $MPIEXEC -n 2 "$METRON" exec full.bench --out full \
  > /dev/null 2> full.err
expect_eq "disk too small: exit code" "$?" "70"
expect_grep "disk too small: message" \
  "'MPI_IO_write_once' needs 2097152 bytes of files in 'full/io-files', which has 1000 bytes free (lower the sizes or choose another io_dir)" full.err

# a size that does not fit the arena: the front end refuses it
printf 'set buffer = 1MiB\nmeasure comm(2) : MPI_IO_write_once(2MiB)\n' > arena.bench
"$METRON" check arena.bench > /dev/null 2> arena.err
expect_eq "arena too small: check fails" "$?" "65"
finish
