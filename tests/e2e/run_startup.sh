# metron run records the start-up of every launch (OSU's osu_init and osu_hello): the time of
# MPI_Init and of the first barrier, min / mean / max over the ranks, in each launch's manifest,
# in startup.csv (a row per launch) and in startup_summary.csv (median and mean with CIs), and
# prints the medians (a line before the results folder).
source "$(dirname "$0")/lib.sh"
printf 'set reps = 5\nset warmup = 0\nbegin measurement "b"\n  measure MPI_COMM_WORLD : Synthetic(1, 10us)\nend measurement\n' > s.bench
timeout 120 "$METRON" run s.bench --np 2 --replicates 3 --seed 5 --out out > out.txt 2> err.txt
expect_eq "run exit code" "$?" "0"
expect_grep "run prints the start-up line" \
  '^startup: MPI_Init [0-9.e+-]* ms, first barrier [0-9.e+-]* ms (slowest rank; median of 3 launches)$' out.txt
expect_grep "launch manifest records MPI_Init" '"call": "MPI_Init"' out/launches/0/manifest.json
expect_grep "launch manifest: the first barrier" '"first_barrier_s"' out/launches/2/manifest.json
expect_eq "startup.csv header" "$(head -1 out/startup.csv)" \
  "launch,replicate,np,call,mpi_init_min_s,mpi_init_mean_s,mpi_init_max_s,first_barrier_min_s,first_barrier_mean_s,first_barrier_max_s"
expect_eq "one row per launch" "$(column launch out/startup.csv | sort -n | tr '\n' ' ')" "0 1 2 "
expect_eq "ranks" "$(column np out/startup.csv | sort -u)" "2"
# Plausible: every time positive and below 60 s, min <= mean <= max over the ranks.
bad=$(awk -F, 'NR>1{for(i=5;i<=10;i++) if(!($i>0 && $i<60)) print "row " NR " col " i ": " $i;
  if(!($5<=$6 && $6<=$7 && $8<=$9 && $9<=$10)) print "row " NR ": min/mean/max out of order"}' out/startup.csv)
expect_eq "times positive, below 60 s, ordered" "$bad" ""
expect_eq "summary rows (6 quantities)" "$(($(wc -l < out/startup_summary.csv) - 1))" "6"
expect_eq "summary over 3 launches" "$(column launches out/startup_summary.csv | sort -u)" "3"
init_median=$(awk -F, '$1=="mpi_init_max_s"{print $3}' out/startup_summary.csv)
expect_eq "median of MPI_Init (max over ranks) is one launch's" \
  "$(column mpi_init_max_s out/startup.csv | grep -cx -- "$init_median")" "1"
expect_grep "run manifest counts the rows" '"startup_rows": 3' out/manifest.json
finish
