# SKaMPI's remaining MPI-1 functions end to end on 2 ranks: a reduced script that uses every
# one of them runs with verification, and --skip-unsupported turns an unsupported SKaMPI name
# into a warning on exec and run, with the skipped measurement in the manifest.
source "$(dirname "$0")/lib.sh"
cat > s.ski <<'B'
set_min_repetitions(3)
set_max_repetitions(5)
set_max_relative_standard_error(0.5)
set verify = on
set warmup = 0
begin measurement "SKaMPI MPI-1"
   for count = 0 to 64 step *8 do
      measure comm(2) : Gather_using_Isend_Irecv_Waitall(count, MPI_INT, count, MPI_INT, 1)
      measure comm(2) : Alltoallv_using_Isend_Irecv(count, MPI_INT, count, MPI_INT)
      measure comm(2) : myalltoallv(count, MPI_INT, count, MPI_INT, 1, 1.5)
      measure comm(2) : Reduce_Scatterv(count, MPI_INT, MPI_SUM, 0)
      measure comm(2) : delayed_Alltoall(count, MPI_INT, count, MPI_INT, 0.0001, 1)
      measure comm(2) : delayed_Gather(count, MPI_INT, count, MPI_INT, 0, 100us, 0)
      measure comm(2) : Pingpong_Bsend_Recv(count, MPI_INT, 0, 2)
      measure comm(2) : Pingpong_Sendrecv_replace(count, MPI_INT, 1, 2, 3)
      measure comm(2) : Par_Pingpong_Send_Recv(count, MPI_INT, 0, 1, 1, 1)
   od
   measure comm(2) : Comm_split()
   measure comm(2) : Comm_dup()
   measure comm(1) : Wtime(10)
   measure comm(2) : waitpattern_up(0.0001)
   measure comm(2) : waitpattern_down(100us)
end measurement
B
timeout 300 $MPIEXEC -n 2 "$METRON" exec s.ski --out out > stdout.txt 2> stderr.txt
expect_eq "exit code" "$?" "0"
[ -s stderr.txt ] && cat stderr.txt
expect_eq "manifest status" "$(json_status out/manifest.json)" "complete"
# counts 0, 1, 8, 64 (a multiplicative loop from 0 takes 1 next): 9 functions x 4 + 5.
expect_eq "summary rows" "$(($(wc -l < out/summary.csv) - 1))" "41"
expect_eq "every new function measured" \
  "$(column op out/summary.csv | sort -u | tr '\n' ' ')" \
  "Alltoallv_using_Isend_Irecv Comm_dup Comm_split Gather_using_Isend_Irecv_Waitall Par_Pingpong_Send_Recv Pingpong_Bsend_Recv Pingpong_Sendrecv_replace Reduce_Scatterv Wtime delayed_Alltoall delayed_Gather myalltoallv waitpattern_down waitpattern_up "
# Only the `noise` column may hold a quoted comma, and it comes after op, count, bytes and
# median_s: those are read by header position, time_is by its position from the end.
field() {  # field NAME FILE
  awk -F, -v name="$1" 'NR==1{for(i=1;i<=NF;i++) if($i==name) c=i; n=NF; next} {print $c}' "$2"
}
expect_eq "ping-pongs report a round trip" \
  "$(awk -F, 'NR==1{for(i=1;i<=NF;i++) if($i=="time_is") back=NF-i; next} $5 ~ /Pingpong/ {print $(NF-back)}' out/summary.csv | sort -u)" \
  "round_trip"
# myalltoallv's size is what one rank sends: count 8 on 2 ranks, ratio 1.5: 24/2 + 10/2 = 17 ints.
expect_eq "myalltoallv size at count 8" \
  "$(paste -d' ' <(field op out/summary.csv) <(field count out/summary.csv) <(field bytes out/summary.csv) | awk '$1=="myalltoallv" && $2==8 {print $3}')" \
  "68"
# waitpattern_down on 2 ranks: rank 0 waits 2 x 100 us, the slowest; the time is at least that.
med=$(paste -d' ' <(field op out/summary.csv) <(field median_s out/summary.csv) | awk '$1=="waitpattern_down" {print $2}')
expect_eq "waitpattern_down lasts the longest wait ($med s)" \
  "$(awk -v m="$med" 'BEGIN{print (m >= 200e-6) ? "yes" : "no"}')" "yes"

# --skip-unsupported: exec warns and skips, the manifest's plan says what.
cat > u.ski <<'B'
begin measurement "mixed"
   measure comm(2) : Shmem_Barrier()
   measure comm(2) : Comm_dup()
end measurement
B
expect_fails "unsupported name without the option" 65 \
"u.ski:2:22: error: measurement function 'Shmem_Barrier' is not supported by Metron
    2 |    measure comm(2) : Shmem_Barrier()
      |                      ^~~~~~~~~~~~~
u.ski:2:22: note: with --skip-unsupported, a measurement that needs it is skipped
    2 |    measure comm(2) : Shmem_Barrier()
      |                      ^~~~~~~~~~~~~" \
  timeout 120 $MPIEXEC -n 2 "$METRON" exec u.ski --out never
timeout 120 $MPIEXEC -n 2 "$METRON" exec u.ski --out skipped --skip-unsupported > stdout.txt 2> stderr.txt
expect_eq "exec --skip-unsupported: exit code" "$?" "0"
expect_grep "exec --skip-unsupported: warning" \
  "warning: measurement function 'Shmem_Barrier' is not supported by Metron; the measurement is skipped" stderr.txt
expect_eq "exec --skip-unsupported: one job" "$(($(wc -l < skipped/summary.csv) - 1))" "1"
expect_grep "manifest lists the skipped measurement" '"function": "Shmem_Barrier"' skipped/manifest.json
expect_grep "manifest says where" '"at": "u.ski:2:4"' skipped/manifest.json
timeout 300 "$METRON" run u.ski --replicates 1 --np 2 --out run --quiet --skip-unsupported > stdout.txt 2> stderr.txt
expect_eq "run --skip-unsupported: exit code" "$?" "0"
expect_grep "run manifest records the option" '"skip_unsupported": true' run/manifest.json
expect_grep "the launch skipped it too" '"function": "Shmem_Barrier"' run/launches/0/manifest.json
# replay: a recording made with --skip-unsupported replays with it (an exec launch has it in
# its command); a run manifest without it needs the option.
timeout 300 "$METRON" replay skipped --out skipped-rp --quiet > stdout.txt 2> stderr.txt
expect_eq "replay of an exec with --skip-unsupported: exit code (one launch decides no job: 2)" "$?" "2"
expect_grep "replay: the launch skipped it" '"function": "Shmem_Barrier"' skipped-rp/launches/0/manifest.json
expect_grep "replay: its run manifest records the option" '"skip_unsupported": true' skipped-rp/manifest.json
cp -r run edited
sed -i 's/"skip_unsupported": true/"skip_unsupported": false/' edited/manifest.json
timeout 300 "$METRON" replay edited --out edited-no --quiet > stdout.txt 2> stderr.txt
expect_eq "replay without the option: script error" "$?" "65"
expect_grep "replay without the option: the note" "note: with --skip-unsupported" stderr.txt
timeout 300 "$METRON" replay edited --out edited-rp --quiet --skip-unsupported > stdout.txt 2> stderr.txt
expect_eq "replay --skip-unsupported: exit code (one launch decides no job: 2)" "$?" "2"
expect_grep "replay --skip-unsupported: the launch skipped it" '"function": "Shmem_Barrier"' edited-rp/launches/0/manifest.json
finish
