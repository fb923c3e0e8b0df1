# Two MPI libraries side by side (docs/mpi-libraries.md): the MPICH build ($1) and the Open MPI
# build ($3). Each names its library and what it lacks; the Open MPI build refuses a persistent
# collective in `check`, and a job on a datatype it lays out otherwise than Metron; a binary
# started by the other library's launcher refuses before it writes anything, naming both; `run`
# refuses a --launcher of the other library before it makes its folder; an `as env` factor
# reaches the ranks under both default launchers; a run recorded with one library replays with
# the other, leading with the findings, listing every claim and guideline of the recording with
# a verdict (one on an operation Open MPI lacks: why it cannot be evaluated), and reporting as
# differences the library and the binding each launcher gives by default, never the variables
# each launcher sets for its own processes.
source "$(dirname "$0")/lib.sh"
OMPI_METRON=$3
OMPIRUN=${OPENMPI_MPIEXEC:-mpirun.openmpi}

# --- what each build says of its library ------------------------------------------------------
"$METRON" --version > v1.txt
expect_grep "MPICH build: its library" "^MPI library: MPICH [0-9.]*$" v1.txt
expect_grep "MPICH build: lacks nothing" "^MPI library lacks: nothing Metron uses$" v1.txt
"$OMPI_METRON" --version > v2.txt
expect_grep "Open MPI build: its library" "^MPI library: Open MPI [0-9.]*$" v2.txt
expect_grep "Open MPI build: its launcher" "^MPI launcher: .*mpirun.openmpi$" v2.txt
expect_grep "Open MPI build: lacks the persistent collectives" \
  "^  persistent_collectives (MPI 4.0): MPI-4's persistent collectives (MPI_<name>_init)$" v2.txt
ompi=$(sed -n 's/^MPI library: //p' v2.txt)
mpich=$(sed -n 's/^MPI library: //p' v1.txt)

# --- check: what the library lacks is refused where the script asks for it -------------------
printf 'begin measurement "p"\n  measure MPI_COMM_WORLD : Bcast_init(8, MPI_CHAR, 0)\nend measurement\n' > p.bench
expect_fails "Open MPI build: a persistent collective refused" 65 \
  "p.bench:2:28: error: 'Bcast_init' needs MPI-4's persistent collectives (MPI_<name>_init), which this build's MPI library ($ompi) does not declare
    2 |   measure MPI_COMM_WORLD : Bcast_init(8, MPI_CHAR, 0)
      |                            ^~~~~~~~~~
p.bench:2:28: note: with --skip-unsupported, a measurement that needs it is skipped
    2 |   measure MPI_COMM_WORLD : Bcast_init(8, MPI_CHAR, 0)
      |                            ^~~~~~~~~~" \
  "$OMPI_METRON" check p.bench
"$METRON" check p.bench
expect_eq "MPICH build: the same script is fine" "$?" "0"
"$OMPI_METRON" check p.bench --skip-unsupported 2> skip.err
expect_eq "Open MPI build, --skip-unsupported: a warning" "$?" "0"
expect_grep "the warning" "warning: 'Bcast_init' needs MPI-4's persistent collectives (MPI_<name>_init), which this build's MPI library ($ompi) does not declare; the measurement is skipped" skip.err

# --- a datatype Open MPI lays out otherwise than Metron's model: the job fails when it binds ----
printf 'set reps = 5\nbegin measurement "t"\n  measure MPI_COMM_WORLD : Bcast(1, mpi_type_hvector(2, 1, 12, MPI_DOUBLE), 0)\nend measurement\n' > t.bench
timeout 120 "$OMPIRUN" -n 2 "$OMPI_METRON" exec t.bench --out t-ompi > /dev/null 2> t.err
expect_eq "Open MPI build: a type laid out otherwise fails the job" "$?" "70"
expect_grep "the message gives both layouts" \
  "^t.bench:3:3: error: 'Bcast': this MPI library ($ompi) lays out the datatype mpi_type_hvector(2, 1, 12, MPI_DOUBLE) with lower bound 0, extent 24 and true extent 20 bytes, Metron's model (MPICH's rules) with 0, 20 and 20: the job's buffers would not fit it$" t.err

# --- a launcher of the other library ----------------------------------------------------------
cat > s.bench <<'B'
set reps = 5
set warmup = 0
begin measurement "b"
  measure MPI_COMM_WORLD : Synthetic(1, 10us)
end measurement
B
timeout 120 "$MPIEXEC" -n 2 "$OMPI_METRON" exec s.bench --out wrong1 > o.txt 2> e.txt
expect_eq "Open MPI binary under MPICH's mpiexec: refused" "$?" "64"
expect_eq "the message names both, once" "$(grep -v '^\[' e.txt)" \
  "metron: error: this metron is built with $ompi; the launcher started 2 MPICH processes that each see 1 rank (PMI_SIZE = 2): start it with Open MPI's launcher ('$OMPIRUN', the default of metron run)"
[ ! -e wrong1 ] && pass "nothing written" || fail "a results folder was written"
timeout 120 "$OMPIRUN" -n 2 "$METRON" exec s.bench --out wrong2 > o.txt 2> e.txt
expect_eq "MPICH binary under Open MPI's mpirun: refused" "$?" "64"
expect_grep "the message names both" \
  "^metron: error: this metron is built with $mpich; the launcher started 2 Open MPI processes that each see 1 rank (OMPI_COMM_WORLD_SIZE = 2): start it with MPICH's launcher ('$MPIEXEC', the default of metron run)$" e.txt
[ ! -e wrong2 ] && pass "nothing written" || fail "a results folder was written"
EXEC_ARGS="{metron} exec {script} --out {dir} --launch {launch} --levels {levels} --seed {seed} --quiet"
ompi_real=$(readlink -f "$(command -v "$OMPIRUN")")
expect_fails "run with Open MPI's mpirun: refused before the folder" 64 \
  "metron: error: the launcher template starts '$OMPIRUN', which is Open MPI's launcher ('$ompi_real'), but this metron is built with $mpich: each process would be a 1-rank MPI job; use MPICH's launcher ('$MPIEXEC', the default without --launcher)" \
  "$METRON" run s.bench --replicates 1 --np 2 --out wrong3 --launcher "$OMPIRUN -n {np} $EXEC_ARGS"
[ ! -e wrong3 ] && pass "no run folder" || fail "the run made its folder"

# --- an env factor reaches the ranks under both default launchers ----------------------------
cat > f.bench <<'B'
factor level in ["a", "b"] as env "MPIR_CVAR_METRON_TEST_LEVEL"
set reps = 5
set warmup = 0
begin measurement "b"
  measure MPI_COMM_WORLD : Synthetic(1, 10us)
end measurement
B
for build in mpich ompi; do
  m=$METRON && [ $build == ompi ] && m=$OMPI_METRON
  timeout 120 "$m" run f.bench --replicates 1 --np 2 --out f-$build --seed 3 --quiet > /dev/null 2> f-$build.err
  expect_eq "$build: env factor run" "$?" "0"
  for id in 0 1; do
    want=$(jq -r ".launches[] | select(.id == $id) | .env.MPIR_CVAR_METRON_TEST_LEVEL" f-$build/manifest.json)
    got=$(jq -r '.system.environment.MPIR_CVAR_METRON_TEST_LEVEL' f-$build/launches/$id/manifest.json)
    expect_eq "$build: launch $id's ranks got its level" "$got" "$want"
  done
done
expect_eq "Open MPI's default launcher names each variable with -x" \
  "$(jq -r '.launches[0].argv | join(" ")' f-ompi/manifest.json | grep -o -- '-x [A-Z_]*' | tr '\n' ' ')" \
  "-x MPIR_CVAR_METRON_TEST_LEVEL -x METRON_PLANNED_NP "
expect_eq "Open MPI's default launcher" "$(jq -r '.launches[0].argv[0]' f-ompi/manifest.json)" "$OMPIRUN"
expect_eq "MPICH's default launcher" "$(jq -r '.launches[0].argv[0]' f-mpich/manifest.json)" "$MPIEXEC"

# --- a recording of one library replayed with the other ---------------------------------------
# Synthetic's busy-waits take the same time under either library: the claim and the guideline
# can be decided on both sides. The persistent Bcast_init is MPICH's only: replayed with Open MPI
# (--skip-unsupported) its claim cannot be evaluated, and says why.
cat > c.bench <<'B'
replicate 5
shuffle seed 5
set reps = 8
set warmup = 1
begin measurement "syn"
  for n in [1, 2] do
    t = 50us
    if n == 2 then t = 100us fi
    measure MPI_COMM_WORLD : Synthetic(n, t)
  od
  expect "equal" MPI_COMM_WORLD : Synthetic(1, 50us) <= Synthetic(1, 50us)
  measure MPI_COMM_WORLD : Bcast(8, MPI_CHAR, 0)
  measure MPI_COMM_WORLD : Bcast_init(8, MPI_CHAR, 0)
end measurement
claim "twice as long" : Synthetic[n = 2, block = "syn"] > Synthetic[n = 1, block = "syn"] by 50%
claim "persistent" : Bcast_init[block = "syn"] < Bcast[block = "syn"]
B
timeout 300 "$METRON" run c.bench --np 2 --out rec-mpich --quiet > /dev/null 2> rec.err
expect_eq "recorded with MPICH" "$?" "0"
timeout 300 "$OMPI_METRON" replay rec-mpich --out rep-ompi --quiet > rep1.txt 2> rep1.err
expect_eq "replayed with Open MPI: the persistent collective refused" "$?" "65"
expect_grep "the note says how to go on" "note: with --skip-unsupported, a measurement that needs it is skipped" rep1.err
[ ! -e rep-ompi ] && pass "no replay folder" || fail "the refused replay made its folder"
timeout 300 "$OMPI_METRON" replay rec-mpich --out rep-ompi --skip-unsupported --quiet > rep1.txt 2> rep1.err
rc=$?
[ $rc -le 2 ] && pass "replayed with Open MPI: exit $rc" || { fail "replay with Open MPI: exit $rc"; cat rep1.err; }
expect_grep "the claim left out, with why" \
  "c.bench:16:22: warning: claim 'persistent' cannot be evaluated: its 'Bcast_init' measurements are skipped, and it is left out" rep1.err
timeout 300 "$OMPI_METRON" run c.bench --np 2 --out rec-ompi --replicates 3 --skip-unsupported --quiet > /dev/null 2> rec2.err
expect_eq "recorded with Open MPI" "$?" "0"
timeout 300 "$METRON" replay rec-ompi --out rep-mpich --quiet > rep2.txt 2> rep2.err
rc=$?
[ $rc -le 2 ] && pass "replayed with MPICH: exit $rc" || { fail "replay with MPICH: exit $rc"; cat rep2.err; }
# replayed NAME RECORDED_LIBRARY REPLAY_LIBRARY FINDINGS
replayed() {
  local r=$1
  grep '^metron: warning: environment differs from the recording: ' $r.err > $r.diff
  expect_eq "$r: the library is the first difference" "$(head -1 $r.diff)" \
    "metron: warning: environment differs from the recording: MPI library: '$2' (recorded) vs '$3' (now)"
  # Open MPI's mpirun binds each rank to a core by default, Hydra does not: a real difference.
  expect_eq "$r: the others are the binding, no variable of a launcher" \
    "$(tail -n +2 $r.diff | grep -cv "^metron: warning: environment differs from the recording: binding (CPUs of each rank): ")" "0"
  expect_grep "$r: the findings lead" "^the environment differs from the recording ([12] difference(s) above): the findings lead" $r.txt
  expect_grep "$r: the claim, with a verdict" "^  'twice as long'  *\(reproduced\|not reproduced\|inconclusive\)" $r.txt
  expect_grep "$r: the guideline, with a verdict" "^  'expect equal'  *\(reproduced\|not reproduced\|inconclusive\)" $r.txt
  expect_grep "$r: the count" "^$4 findings: " $r.txt
}
replayed rep1 "$mpich" "$ompi" 3
replayed rep2 "$ompi" "$mpich" 2
expect_grep "the claim Open MPI cannot run: why" \
  "^  'persistent'  *inconclusive (cannot be evaluated: the replay skipped 'Bcast_init')$" rep1.txt
finish
