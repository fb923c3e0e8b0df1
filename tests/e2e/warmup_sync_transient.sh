# The warm-up warms the measured loop: Synthetic's transient_sync = 1 programs a
# transient of 60 observations that exists only under per-observation process sync (only
# observations that follow a sync count and are slowed; calls back to back never end it). The
# job's warm-up runs its own loop, sync included, so the first job does not report the transient.
source "$(dirname "$0")/lib.sh"
# level VALUE: "steady" below 2x the 200 us call, "transient" above 5x (the transient is 10x),
# "between" else. Levels, not tolerances: on a loaded machine descheduled ranks stretch single
# observations by milliseconds, and medians of a few by tens of percent.
level() { awk -v m="$1" 'BEGIN{print (m < 400e-6) ? "steady" : ((m > 1e-3) ? "transient" : "between")}'; }
# head_median FOLDER FROM TO: the median time of observations FROM..TO-1 (rep) in raw.csv. A
# median, since on a loaded machine single observations are descheduled for milliseconds.
head_median() {
  awk -F, -v a="$2" -v b="$3" 'NR==1{for(i=1;i<=NF;i++) c[$i]=i; next}
    $c["rep"] >= a && $c["rep"] < b {print $c["time_s"]}' "$1/raw.csv" | sort -g |
    awk '{v[NR]=$1} END{print (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2}'
}
OP='Synthetic(1, time = 200us, transient = 60, transient_factor = 10, transient_sync = 1)'

# 1. The transient is there under the barrier sync: without a warm-up, observations 1-59 take the
#    transient's 2 ms (the first after binding is not slowed), those from 70 on 200 us.
cat > cold.bench <<B
set warmup = 0
set reps = 100
set truncation = none
begin measurement "cold"
  measure MPI_COMM_WORLD : $OP
end measurement
B
timeout 120 $MPIEXEC -n 2 "$METRON" exec cold.bench --out cold > cold.txt 2> cold.err
expect_eq "cold: exit code" "$?" "0"
m=$(head_median cold 1 60)
expect_eq "cold: observations 1-59 in the transient ($m)" "$(level "$m")" "transient"
m=$(head_median cold 70 100)
expect_eq "cold: observations 70-99 past it ($m)" "$(level "$m")" "steady"

# 2. ... and not without a sync: the same calls back to back are never slowed.
sed 's/^set warmup = 0/set warmup = 0\nset sync = none/' cold.bench > nosync.bench
timeout 120 $MPIEXEC -n 2 "$METRON" exec nosync.bench --out nosync > nosync.txt 2> nosync.err
expect_eq "no sync: exit code" "$?" "0"
m=$(head_median nosync 1 60)
expect_eq "no sync: observations 1-59 not slowed ($m)" "$(level "$m")" "steady"

# 3. The SKaMPI-style first job with the default warm-up (auto): the warm-up runs the loop with
#    its barrier, ends the transient, and the job reports the steady state.
cat > first.bench <<B
begin measurement "first"
  set_min_repetitions(8)
  set_max_repetitions(5000)
  set_max_relative_standard_error(0.05)
  measure MPI_COMM_WORLD : $OP
end measurement
B
timeout 120 $MPIEXEC -n 2 "$METRON" exec first.bench --out first > first.txt 2> first.err
expect_eq "first: exit code" "$?" "0"
med=$(column median_s first/summary.csv)
w=$(column warmup first/summary.csv)
we=$(column warmup_end first/summary.csv)
expect_eq "first: the warm-up ran past the transient ($w, $we)" "$([ "$w" -ge 60 ] && echo yes)" "yes"
expect_eq "first: the steady median, not the transient's 2 ms ($med)" "$(level "$med")" "steady"
m=$(head_median first 0 8)
expect_eq "first: its first 8 observations are steady ($m)" "$(level "$m")" "steady"
finish
