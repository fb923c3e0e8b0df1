# runtime = global on a ping-pong (2 ranks): one call is 20 round trips, and the reported time is
# one round trip, so time_s x 20 equals global_end_s - global_start_s of the same row, exactly
# (up to the rounding of one division), whatever the load.
source "$(dirname "$0")/lib.sh"
cat > g.bench <<'B'
set warmup = 0
set sync = barrier
set clock = hca3(fitpoints = 10, exchanges = 5)
set runtime = global
set reps = 10
begin measurement "per_call"
  measure comm(2) : Pingpong_Send_Recv(8, MPI_CHAR, 0, 20)
end measurement
B
timeout 120 $MPIEXEC -n 2 "$METRON" exec g.bench --out out --quiet > stdout.txt 2> stderr.txt
expect_eq "exit code" "$?" "0"
cat stderr.txt
expect_eq "rows" "$(($(wc -l < out/raw.csv) - 1))" "10"
bad=$(awk -F, 'NR==1{for(i=1;i<=NF;i++) c[$i]=i; next}
  {g = $c["global_end_s"] - $c["global_start_s"]; d = $c["time_s"] * 20 - g; if (d < 0) d = -d
   if (!(g > 0) || d > 1e-12 * g + 1e-15) print $c["rep"]}' out/raw.csv | tr '\n' ' ')
expect_eq "time_s x 20 = global end - global start in every row" "$bad" ""
finish
