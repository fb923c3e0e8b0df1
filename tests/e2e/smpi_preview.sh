# The simulated build (cmake -DMETRON_SMPI=ON, docs/simulation.md): a script at p = 64 on the
# shipped 64-host cluster (links of 1 us and 10 Gb/s) through smpirun. The results folder is
# marked simulated (manifest, both CSV files) and the times follow from the platform: a 1-byte
# Bcast takes microseconds (at least one message's two links, 2 us; at most 63 such messages one
# after another, well under 1 ms), a 1 MiB Bcast at least one MiB through a 1.25 GB/s link
# (0.84 ms) and less than 63 of them through the root's link (53 ms, or about 60 ms with SMPI's
# bandwidth factor; bound: 0.1 s). The SMPI build refuses what SMPI lacks by name.
# Registered by cmake/MetronTests.cmake only when METRON_SMPI is on: bash smpi_preview.sh
# <metron> <source dir> <smpi metron>.
source "$(dirname "$0")/lib.sh"
SMPI_METRON=$3
PLATFORM=$SRC/stdlib-benchmarks/platforms/cluster_64.xml
# SimGrid's own log lines (configuration changes, the host-speed note) only from warnings up.
SMPIRUN=(timeout 120 smpirun -np 64 -platform "$PLATFORM" --log=root.thres:warning
         --cfg=smpi/simulate-computation:no)
cat > s.bench <<'B'
set reps = 10
begin measurement "bcast"
  measure MPI_COMM_WORLD : Bcast(1, MPI_CHAR, 0)
  measure MPI_COMM_WORLD : Bcast(1MiB, MPI_CHAR, 0)
end measurement
B
"${SMPIRUN[@]}" "$SMPI_METRON" exec s.bench --out out --timeout 600 > stdout.txt 2> stderr.txt
expect_eq "exec under smpirun" "$?" "0"
cat stderr.txt
expect_grep "simulated launch announced" \
  "^metron: simulated launch on platform '$PLATFORM' (SimGrid SMPI): times are the simulator's model of that platform, not measurements$" \
  stderr.txt
expect_grep "--timeout has no effect" \
  "^metron: warning: --timeout has no effect in a simulation (SimGrid SMPI runs every rank in one process): bound smpirun's wall time with timeout(1) instead$" \
  stderr.txt
expect_eq "manifest status" "$(json_status out/manifest.json)" "complete"
expect_eq "manifest: simulated" "$(jq .simulated out/manifest.json)" "true"
expect_eq "manifest: 64 ranks" "$(jq .np out/manifest.json)" "64"
expect_eq "manifest: platform" "$(jq -r .simulation.platform out/manifest.json)" "$PLATFORM"
expect_eq "manifest: platform's sha256" "$(jq -r .simulation.platform_sha256 out/manifest.json)" \
  "$(sha256sum "$PLATFORM" | cut -d' ' -f1)"
expect_eq "manifest: simulator" "$(jq -r .simulation.simulator out/manifest.json)" "SimGrid SMPI 3.32"
expect_eq "manifest: ranks on 64 simulated hosts" \
  "$(jq -r '.system.ranks[].host' out/manifest.json | sort -u | grep -c '^node-')" "64"
expect_eq "summary.csv: simulated on every row" "$(column simulated out/summary.csv | sort -u)" "1"
expect_eq "raw.csv: simulated on every row" "$(column simulated out/raw.csv | sort -u)" "1"
expect_eq "raw.csv: 10 observations a job" "$(($(wc -l < out/raw.csv) - 1))" "20"
small=$(column median_s out/summary.csv | sed -n 1p)
large=$(column median_s out/summary.csv | sed -n 2p)
within() { awk -v v="$1" -v lo="$2" -v hi="$3" 'BEGIN { print (v >= lo && v <= hi) ? "yes" : "no" }'; }
expect_eq "1-byte Bcast: microseconds ($small s)" "$(within "$small" 2e-6 1e-3)" "yes"
expect_eq "1 MiB Bcast: from the link's bandwidth ($large s)" "$(within "$large" 0.84e-3 0.1)" "yes"
# What SMPI lacks is refused at plan time, by name, with exit code 65: no simulation runs it.
cat > p.bench <<'B'
begin measurement "p"
  measure MPI_COMM_WORLD : Bcast_init(1)
end measurement
B
timeout 60 smpirun -np 2 -platform "$PLATFORM" --log=root.thres:warning "$SMPI_METRON" \
  exec p.bench --out refused > refused.out 2> refused.err
expect_eq "a persistent collective: refused" "$?" "65"
expect_grep "refused by name" \
  "error: 'Bcast_init' cannot run in a simulation: SimGrid SMPI 3.32 implements MPI 3.1, without MPI-4's persistent collectives" refused.err
expect_eq "nothing measured" "$(ls refused/summary.csv 2> /dev/null | wc -l)" "0"
finish
