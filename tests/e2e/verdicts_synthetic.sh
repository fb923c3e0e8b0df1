# Verdicts (docs/methodology.md): two runs of one script with a Synthetic operation 0% and 3%
# apart, 10 launches each: equivalent within 5% / differs (within the margin at 5%, beyond it at
# 1%); their first 3 launches: inconclusive, with the planner's launch count, and that many
# launches decide. Also --replicates auto, --adjust, --margin errors and the environment
# difference shown by compare.
source "$(dirname "$0")/lib.sh"
# Each launch draws its Synthetic noise (2% of the time, uniform) from a seed equal to its launch
# id, set through the launcher template: launch i of every run draws the same noise, so the
# per-launch medians spread by about 0.5% across launches, identically in every run, and the
# 3% run is the 0% run times 1.03 launch by launch. One rank per launch keeps the runs short;
# 100 us calls are rarely preempted on a busy machine (a 1 ms call often is), and the median of
# 21 ignores the few that are.
# (metron run checks the script itself first: SYN_SEED=0 there.)
export SYN_SEED=0
LAUNCHER="env SYN_SEED={launch} $MPIEXEC -n {np} {metron} exec {script} --out {dir} --launch {launch} --levels {levels} --seed {seed} --quiet"
for t in 100 103; do
  cat > s$t.bench <<B
set reps = 21
begin measurement "syn"
  measure MPI_COMM_WORLD : Synthetic(1, time = ${t}us, noise = 2%, seed = atoi(get_env("SYN_SEED")) + 1)
end measurement
B
done
run() {  # run NAME SCRIPT REPLICATES [more options]
  local name=$1 script=$2 reps=$3
  shift 3
  timeout 300 "$METRON" run "$script" --np 1 --replicates "$reps" --launcher "$LAUNCHER" \
    --out "$name" --quiet "$@" > "$name.out" 2> "$name.err"
  local rc=$?
  expect_eq "run $name" "$rc" "0"
  # A failed run says why here, not only in a folder that the test removes.
  [ "$rc" == "0" ] || { cat "$name.err"; tail -n 5 "$name"/launches/*/stderr.txt; }
}
run a s100.bench 10
run same s100.bench 10
run slow s103.bench 10
verdict() { column verdict "$1" | head -1; }
# expect_verdict WHAT CSV EXPECTED: on a mismatch, the comparison's figures and each folder's
# per-launch medians are printed (the folders are gone when the test ends).
expect_verdict() {
  local v
  v=$(verdict "$2")
  expect_eq "$1" "$v" "$3"
  if [ "$v" != "$3" ]; then
    awk -F, -v want=n_a,n_b,ratio,p_value,ratio_hl,ratio_lo,ratio_hi,p_equivalence,verdict \
      'NR==1{n=split(want,w,","); for(i=1;i<=NF;i++) c[$i]=i}
       {l=""; for(k=1;k<=n;k++) l=l (k>1?",":"") (NR==1?w[k]:$(c[w[k]])); print l}' "$2"
    for f in "${@:4}"; do echo "$f: $(column median_s "$f/summary.csv" | tr '\n' ' ')"; done
  fi
}

"$METRON" compare a same --csv same.csv > same.txt 2>&1
expect_eq "compare exit code" "$?" "0"
cat same.txt
expect_verdict "0% apart, 10 launches: equivalent" same.csv "equivalent" a same
expect_grep "header names the correction and margin" "adjusted across 1 job: holm; equivalence margin +-5%" same.txt
"$METRON" compare a slow --csv slow.csv > slow.txt 2>&1
cat slow.txt
expect_verdict "3% apart, margin 5%: differs within margin" slow.csv "differs within margin" a slow
"$METRON" compare a slow --margin 1% --csv slow1.csv > slow1.txt 2>&1
expect_verdict "3% apart, margin 1%: differs" slow1.csv "differs" a slow
ratio=$(column ratio_hl slow.csv)
lo=$(column ratio_lo slow.csv)
hi=$(column ratio_hi slow.csv)
# B = 1.03 A launch by launch up to timer jitter (well below 0.5%)
ok=$(awk -v r="$ratio" -v l="$lo" -v h="$hi" 'BEGIN{print (r > 1.025 && r < 1.035 && l <= r && r <= h && l > 1.02 && h < 1.04) ? "yes" : "no"}')
expect_eq "HL ratio 1.03 inside its CI ($lo, $ratio, $hi)" "$ok" "yes"
expect_eq "raw and adjusted p (one job: equal)" "$(column p_value slow.csv)" "$(column p_adjusted slow.csv)"
expect_eq "p_adjust column" "$(column p_adjust slow.csv)" "holm"

# first N SRC DST: a run of N launches, which repeats the first N launches of run SRC (launch i
# draws seed i); recorded whole, since a folder cut by hand disagrees with its manifest.
first() {
  local script=s100.bench
  [ "$2" == "slow" ] && script=s103.bench
  run "$3" "$script" "$1"
}
first 3 a a3
first 3 same same3
first 3 slow slow3
"$METRON" compare a3 same3 --csv same3.csv > same3.txt 2>&1
cat same3.txt
expect_verdict "0% apart, 3 launches: inconclusive" same3.csv "inconclusive" a3 same3
"$METRON" compare a3 slow3 --margin 1% --csv slow3.csv > slow3.txt 2>&1
expect_verdict "3% apart, 3 launches: inconclusive" slow3.csv "inconclusive" a3 slow3
need0=$(column launches_needed same3.csv)
need3=$(column launches_needed slow3.csv)
# The sentence says how many launches per side would decide the job, and the command that
# makes them; the table (--table) says it with its unit.
expect_grep "sentence says what would decide it" "inconclusive: $need0 launches per side would decide it (3 launches each)" same3.txt
expect_grep "and with which command" "the inconclusive jobs need up to $need0 launches per side: metron replay a3 --replicates $need0 --out a3-$need0 && metron replay same3 --replicates $need0 --out same3-$need0 && metron compare a3-$need0 same3-$need0$" same3.txt
expect_grep "a count per verdict" "^0 equivalent, 0 differ, 0 differ within margin, [0-9]* inconclusive$" same3.txt
"$METRON" compare a3 same3 --table > same3-table.txt 2>&1
expect_grep "table says what would decide it" "inconclusive (need $need0 launches per side)" same3-table.txt
if [ -n "$need0" ] && [ "$need0" -le 10 ] && [ -n "$need3" ] && [ "$need3" -le 10 ]; then
  # Runs of the planned length, as for the 3 launches above.
  first "$need0" a an
  first "$need0" same samen
  "$METRON" compare an samen --csv samen.csv > /dev/null 2>&1
  expect_verdict "0% apart, the planned $need0 launches: equivalent" samen.csv "equivalent" an samen
  first "$need3" a an3
  first "$need3" slow slown
  "$METRON" compare an3 slown --margin 1% --csv slown.csv > /dev/null 2>&1
  expect_verdict "3% apart, the planned $need3 launches: differs" slown.csv "differs" an3 slown
else
  fail "planned launches: '$need0' and '$need3' (expected at most 10 for a 0.5% spread)"
fi

# --replicates auto: 4 launches (the two-sided exact test's minimum) resolve +-5% at this spread.
run auto s100.bench auto --budget 8
expect_grep "auto: stop reason recorded" '"stop_reason": "enough launches' auto/manifest.json
expect_grep "auto: 4 launches" '"replicates": 4' auto/manifest.json
run tight s100.bench auto --budget 5 --margin 0.1%
expect_grep "auto: budget respected" '"stop_reason": "budget of 5 launches reached"' tight/manifest.json
expect_grep "auto: no time budget unless given" '"budget_time_s": null' tight/manifest.json
# --budget-time: the first round runs whole; no further round once the run would take longer.
run timed s100.bench auto --budget 30 --margin 0.1% --budget-time 0.01
expect_grep "auto: time budget respected" '"stop_reason": "time budget of 0.01 s reached (' timed/manifest.json
expect_grep "auto: time budget recorded" '"budget_time_s": 0.01' timed/manifest.json
expect_eq "auto: time budget: the first round" "$(ls timed/launches | wc -l)" "4"

# Without --replicates, a script with no `replicate` is run as by --replicates auto (issue 47:
# the value a user gets by default has launches behind it); one that has one, or --replicates N,
# keeps that count. The note says so once, when the first launch has started.
timeout 300 "$METRON" run s100.bench --np 1 --launcher "$LAUNCHER" --budget 8 --out dflt \
  > dflt.out 2> dflt.err
expect_eq "default: exit code" "$?" "0"
expect_eq "default: the note, once" "$(grep -c 'note:' dflt.err)" "1"
expect_grep "default: the note" "^metron: note: the script sets no \`replicate\`, so launches are added as by --replicates auto (4 to 8 per combination, as many as fit in 600 s); --replicates N sets their number$" dflt.err
expect_grep "default: 600 s" '"budget_time_s": 600' dflt/manifest.json
expect_grep "default: recorded as such" '"by_default": true' dflt/manifest.json
expect_grep "default: 4 launches" '"replicates": 4' dflt/manifest.json
expect_grep "default: the analysis table" "of the medians of 4 launches" dflt.out
expect_grep "given auto: not by default" '"by_default": false' auto/manifest.json
{ echo "replicate 2"; cat s100.bench; } > r2.bench
timeout 300 "$METRON" run r2.bench --np 1 --launcher "$LAUNCHER" --out given > given.out 2> given.err
expect_eq "the script's replicate: 2 launches" "$(ls given/launches | wc -l)" "2"
expect_no_grep "the script's replicate: no note" "note:" given.err
expect_no_grep "the script's replicate: not auto" "replicates_auto" given/manifest.json
timeout 300 "$METRON" run s100.bench --np 1 --launcher "$LAUNCHER" --replicates 1 --out one \
  > one.out 2> one.err
expect_eq "--replicates 1: one launch" "$(ls one/launches | wc -l)" "1"
expect_no_grep "--replicates 1: no note" "note:" one.err
expect_eq "plan JSON: no replicate" "$("$METRON" plan s100.bench --np 1 --json | jq .design.replicates_given)" "false"
expect_eq "plan JSON: replicate 2" "$("$METRON" plan r2.bench --np 1 --json | jq .design.replicates_given)" "true"
# A script with an error takes the plain way: its diagnostic once, no note, exit 65, no folder.
printf 'measure comm(1) : Synthetic(1, 10us\n' > bad.bench
timeout 60 "$METRON" run bad.bench --np 1 --out badrun > bad.out 2> bad.err
expect_eq "broken script: exit code" "$?" "65"
expect_eq "broken script: the error once" "$(grep -c ': error: ' bad.err)" "1"
expect_no_grep "broken script: no note" "note: the script sets" bad.err
[ ! -e badrun ] && pass "broken script: no folder" || fail "broken script: badrun made"

# --replicates auto with a launch factor: stops when the levels' verdict is decided (3% apart:
# 4 launches per level separate them and show the difference within 5%).
cat > lv.bench <<'B'
factor t in [100, 103] as env "METRON_E2E_T"
set reps = 21
begin measurement "syn"
  measure MPI_COMM_WORLD : Synthetic(1, time = t * 1us, noise = 2%, seed = atoi(get_env("SYN_SEED")) + 1)
end measurement
B
# A launch whose calls were slowed as a whole (another process on its core for its 10 ms) moves
# its median by more than the 3% under test (112 us seen at a load average of 10), and with 4
# launches a level one such launch decides the verdict: a second run then, not a third.
run lv lv.bench auto --budget 8
if [ "$(verdict lv/comparisons.csv)" != "differs within margin" ]; then
  echo "lv: verdict '$(verdict lv/comparisons.csv)', launch medians $(column median_s lv/summary.csv | tr '\n' ' '); again"
  rm -rf lv
  run lv lv.bench auto --budget 8
fi
expect_grep "auto with a factor: decided" '"stop_reason": "every level comparison decided"' lv/manifest.json
expect_grep "auto with a factor: 4 launches per level" '"replicates": 4' lv/manifest.json
expect_verdict "auto with a factor: the verdict" lv/comparisons.csv "differs within margin" lv

# Environment differences are shown by compare, as replay shows them.
MPIR_CVAR_BCAST_INTRA_ALGORITHM=binomial run env1 s100.bench 1
"$METRON" compare a env1 > env.txt 2> env.err
expect_grep "compare shows an environment difference" "environments differ: environment variable MPIR_CVAR_BCAST_INTRA_ALGORITHM" env.err

# Option errors
"$METRON" compare a same --adjust bonferroni > /dev/null 2> e1.txt
expect_eq "bad --adjust" "$?" "64"
expect_grep "bad --adjust message" "bad --adjust 'bonferroni' (holm, bh or none)" e1.txt
"$METRON" compare a same --margin 150% > /dev/null 2> e2.txt
expect_eq "bad --margin" "$?" "64"
"$METRON" compare a same --adjust bh --csv bh.csv > /dev/null 2>&1
expect_eq "--adjust bh recorded" "$(column p_adjust bh.csv)" "bh"
"$METRON" run s100.bench --replicates some > /dev/null 2> e3.txt
expect_eq "bad --replicates" "$?" "64"
"$METRON" run s100.bench --np 1 --budget-time 0 --out bt0 > /dev/null 2> e4.txt
expect_eq "bad --budget-time" "$?" "64"
expect_grep "bad --budget-time message" "budget-time: expected seconds above 0, got '0'" e4.txt
expect_eq "bad --budget-time: no folder" "$(ls -d bt0 2>/dev/null | wc -l)" "0"
finish
