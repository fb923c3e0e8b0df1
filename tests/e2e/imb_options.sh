# IMB's options on 4 ranks with verify = on: `set root_shift = on` (the rooted collectives move
# their root), `set multi = on` (the groups of comm(n) measure at once, each on its own
# communicator) and comm_map(p, q, n) (IMB's -map PxQ rank order), alone and with multi.
source "$(dirname "$0")/lib.sh"
cat > m.bench <<'B'
set reps = 4
set warmup = 1
set verify = on
set raw_per_rank = on
set root_shift = on
begin measurement "root_shift"
  measure MPI_COMM_WORLD : Gather(4, MPI_INT, 4, MPI_INT, 0)
  measure MPI_COMM_WORLD : Ireduce(4, MPI_INT, MPI_SUM, 1)
end measurement
set root_shift = off
set multi = on
begin measurement "multi"
  measure comm(2) : Latency(8, MPI_CHAR)
  measure comm(2) : Bcast(16, MPI_CHAR, 1)
  measure comm_map(2, 2, 2) : Allreduce(4, MPI_INT, MPI_SUM)
end measurement
set multi = off
begin measurement "map"
  measure comm_map(2, 2, 2) : Latency(8, MPI_CHAR)
end measurement
B
"$METRON" plan m.bench --np 4 --json > plan.json 2> plan.err
expect_eq "plan exit code" "$?" "0"
expect_grep "comm_map's ranks are IMB's order" '"label":"comm_map(2,2,2)","ranks":\[0,2\]' <(tr -d ' \n' < plan.json)
timeout 120 $MPIEXEC -n 4 "$METRON" exec m.bench --out out --quiet > out.txt 2> err.txt
expect_eq "exec exit code (verification passed)" "$?" "0"
expect_eq "jobs" "$(($(wc -l < out/summary.csv) - 1))" "6"
expect_eq "comm_size: the group size under multi" "$(column comm_size out/summary.csv | tr '\n' ' ')" "4 4 2 2 2 2 "
m=$(tr -d ' \n' < out/manifest.json)
expect_grep "multi on comm(2): groups 0-1 and 2-3" '"multi":{"groups":2,"ranks":\[0,1,2,3\]}' <(echo "$m")
expect_grep "multi on comm_map: groups 0,2 and 1,3" '"multi":{"groups":2,"ranks":\[0,2,1,3\]}' <(echo "$m")
expect_eq "multi in 3 jobs only" "$(echo "$m" | grep -o '"multi":{' | wc -l)" "3"
# raw_ranks.csv: 4 observations x 4 ranks for the multi jobs (ids 2-4), x 2 for the mapped pair.
for id in 2 3 4; do
  expect_eq "job $id: every rank of both groups" "$(awk -F, -v j=$id 'NR>1 && $2==j' out/raw_ranks.csv | wc -l)" "16"
done
expect_eq "mapped pair: world ranks 0 and 2" "$(awk -F, 'NR>1 && $2==5 {print $5}' out/raw_ranks.csv | sort -u | tr '\n' ' ')" "0 2 "
# Each group's ping-pong measured: the group's second rank has a time too (none is empty).
expect_eq "multi ping-pong: all four ranks timed" "$(awk -F, 'NR>1 && $2==2 && $6!=""' out/raw_ranks.csv | wc -l)" "16"
finish
