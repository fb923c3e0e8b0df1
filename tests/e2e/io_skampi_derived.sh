# SKaMPI's io.ski with derived datatypes (docs/io.md, "Derived datatypes"): the trimmed copy of
# its sections with mpi_type_contiguous and mpi_type_create_subarray memtypes and filetypes
# (tests/e2e/skampi/io_derived.ski, sizes and repetitions lowered) checks without errors and
# runs on 2 ranks with verification of every job; the reported sizes are SKaMPI's (the size of
# the memtype times the count, summed over the ranks).
source "$(dirname "$0")/lib.sh"
SKI=$SRC/tests/e2e/skampi/io_derived.ski
"$METRON" check "$SKI" > check.txt 2>&1
expect_eq "io_derived.ski checks" "$?" "0"
expect_eq "no errors" "$(grep -c 'error:' check.txt)" "0"
timeout 300 $MPIEXEC -n 2 "$METRON" exec "$SKI" --out out > out.txt 2> err.txt
expect_eq "io_derived.ski runs: exit code" "$?" "0"
expect_eq "manifest status" "$(json_status out/manifest.json)" "complete"
# 10 blocks: 2 classes (0x112, 0x212) x 2 communicators (1 and 2 ranks) x 1 size each
expect_eq "jobs" "$(($(wc -l < out/summary.csv) - 1))" "40"
expect_eq "distinct blocks" "$(column block out/summary.csv | sort -u | wc -l)" "10"
expect_eq "every job verified" "$(column verify out/summary.csv | sort -u)" "ok"
# (c-nc) on 2 ranks: one contiguous(4096) element per rank -> 8192 bytes; on 1 rank 4096
expect_eq "sizes of write (c-nc)" \
  "$(awk -F, 'NR==1{for(i=1;i<=NF;i++) h[$i]=i; next} $h["block"]=="write (c-nc)" {print $h["comm_size"] ":" $h["bytes"]}' out/summary.csv | sort -u | tr '\n' ' ')" \
  "1:4096 2:8192 "
expect_eq "the run's file folder is removed" "$(ls -d out/io-files 2>/dev/null)" ""
finish
