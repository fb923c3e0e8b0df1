# Simulated results (SimGrid SMPI, docs/simulation.md) are never set beside measured ones
# unasked: compare refuses a simulated and a measured folder (64) unless --allow-simulated, and
# replay refuses a simulated recording. The simulated folder is a measured one whose manifest
# says "simulated": true, as the SMPI build writes it (smpi_preview.sh checks that build itself).
source "$(dirname "$0")/lib.sh"
cat > s.bench <<'B'
set reps = 5
begin measurement "s"
  measure MPI_COMM_WORLD : Synthetic(1, time = 20us)
end measurement
B
timeout 60 $MPIEXEC -n 2 "$METRON" exec s.bench --out real --quiet > /dev/null 2> exec.err
expect_eq "exec" "$?" "0"
cp -r real sim
jq '.simulated = true | .simulation = {"simulator": "SimGrid SMPI 3.32", "platform": "p.xml"}' \
  real/manifest.json > sim/manifest.json
expect_fails "compare simulated with measured" 64 \
  "metron: error: 'sim' holds simulated results (SimGrid SMPI) and 'real' measured ones: their times are not comparable; pass --allow-simulated to compare them anyway" \
  "$METRON" compare real sim
expect_fails "the other order names the same folders" 64 \
  "metron: error: 'sim' holds simulated results (SimGrid SMPI) and 'real' measured ones: their times are not comparable; pass --allow-simulated to compare them anyway" \
  "$METRON" compare sim real
"$METRON" compare real sim --allow-simulated > allowed.out 2> allowed.err
expect_eq "--allow-simulated: compared" "$?" "0"
expect_eq "--allow-simulated: warned" "$(cat allowed.err)" \
  "metron: warning: comparing simulated results ('sim') with measured ones ('real'): --allow-simulated"
"$METRON" compare sim sim > same.out 2> same.err
expect_eq "two simulated folders compare" "$?" "0"
expect_eq "two simulated folders: no warning" "$(cat same.err)" ""
expect_fails "replay of a simulated recording" 64 \
  "metron: error: 'sim' holds simulated results (SimGrid SMPI): a replay would set measurements beside a simulation; pass --allow-simulated to replay it anyway" \
  "$METRON" replay sim --quiet
expect_eq "nothing replayed" "$(ls -d sim-replay* 2> /dev/null | wc -l)" "0"
"$METRON" report sim --out sim.html > /dev/null 2>&1
expect_eq "report" "$?" "0"
expect_grep "report: marked simulated" "SIMULATED" sim.html
"$METRON" report real --out real.html > /dev/null 2>&1
expect_no_grep "report of a measured folder: not marked" "SIMULATED" real.html
finish
