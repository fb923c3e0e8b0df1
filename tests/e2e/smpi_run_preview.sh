# metron run --simulate (docs/simulation.md): a campaign of 3 replicates previewed at p = 16 on the
# shipped 64-host cluster (links of 1 us and 10 Gb/s). One launch is simulated for the three; the
# report and preview.json give its simulated length and each job's, the deadline metron run
# would give it (60 s start-up + 2 jobs x 3 attempts x (1.25 x 10 s + 1 s) = 141 s: a job measured
# under contention may be measured twice more, `noisy_job`), the campaign (3 launches,
# 3 x the launch), and the buffers. Times follow from the platform: a 1-byte Bcast on 16 ranks
# takes microseconds (two 1 us links at least, and 15 such messages at most one after another:
# well under 1 ms), one of 1 MiB at least 0.84 ms (through a 1.25 GB/s link) and at most 15 such
# transfers one after another. A job's calls are its warm-up (at least 300 for the first job of
# its kind, docs/methodology.md) and its 10 observations. A job past its budget is reported.
# Registered by cmake/MetronTests.cmake only when METRON_SMPI is on: bash smpi_run_preview.sh
# <metron> <source dir> <smpi metron>.
source "$(dirname "$0")/lib.sh"
SMPI_METRON=$3
PLATFORM=$SRC/stdlib-benchmarks/platforms/cluster_64.xml
cat > s.bench <<'B'
set reps = 10
begin measurement "bcast"
  measure MPI_COMM_WORLD : Bcast(1, MPI_CHAR, 0)
  measure MPI_COMM_WORLD : Bcast(1MiB, MPI_CHAR, 0)
end measurement
B
timeout 300 "$METRON" run s.bench --simulate cluster_64.xml --np 16 --replicates 3 \
  --smpi-metron "$SMPI_METRON" --out r --seed 1 > out.txt 2> err.txt
expect_eq "run --simulate: exit code" "$?" "0"
cat out.txt err.txt
P=r/preview.json
expect_eq "preview: simulated" "$(jq .simulated $P)" "true"
expect_eq "preview: platform" "$(jq -r .platform $P)" "$PLATFORM"
expect_eq "preview: 3 launches planned" "$(jq .launch_count $P)" "3"
expect_eq "preview: one simulated" "$(jq '.launches | length' $P)" "1"
expect_eq "preview: 16 ranks" "$(jq '.launches[0].np' $P)" "16"
expect_eq "preview: complete" "$(jq -r '.launches[0].status' $P)" "complete"
expect_eq "preview: on 16 hosts" "$(jq '.launches[0].hosts' $P)" "16"
expect_eq "preview: the deadline from the plan" "$(jq '.launches[0].deadline_s' $P)" "141"
expect_eq "preview: campaign deadlines" "$(jq '.campaign_deadlines_s' $P)" "423"
expect_eq "preview: campaign = 3 x the launch" \
  "$(jq '.campaign_simulated_s == 3 * .launches[0].simulated_s' $P)" "true"
expect_eq "preview: 1 MiB a rank" "$(jq '.max_buffer_bytes_per_rank' $P)" "1048576"
expect_eq "preview: 16 MiB in the simulation" "$(jq '.simulation_buffer_bytes' $P)" "16777216"
expect_eq "preview: no problem" "$(jq '.problems | length' $P)" "0"
within() { awk -v v="$1" -v lo="$2" -v hi="$3" 'BEGIN { print (v >= lo && v <= hi) ? "yes" : "no" }'; }
small=$(jq '.launches[0].jobs[] | select(.id == 0) | .simulated_s' $P)
large=$(jq '.launches[0].jobs[] | select(.id == 1) | .simulated_s' $P)
launch=$(jq '.launches[0].simulated_s' $P)
calls() { jq ".jobs[] | select(.id == $1) | .warmup.calls + .n" r/launches/0/manifest.json; }
calls_small=$(calls 0)
calls_large=$(calls 1)
expect_eq "1-byte job: warm-up and observations" "$((calls_small >= 310))" "1"
expect_eq "1 MiB job: warm-up and observations" "$((calls_large >= 310))" "1"
expect_eq "1-byte job: $calls_small Bcasts of microseconds ($small s)" \
  "$(within "$small" "$(awk -v c="$calls_small" 'BEGIN { print c * 2e-6 }')" \
    "$(awk -v c="$calls_small" 'BEGIN { print c * 1e-3 }')")" "yes"
expect_eq "1 MiB job: $calls_large Bcasts of a MiB ($large s)" \
  "$(within "$large" "$(awk -v c="$calls_large" 'BEGIN { print c * 0.84e-3 }')" \
    "$(awk -v c="$calls_large" 'BEGIN { print c * 15 * 0.84e-3 }')")" "yes"
expect_eq "the launch holds its jobs ($launch s)" \
  "$(awk -v l="$launch" -v a="$small" -v b="$large" 'BEGIN { print (l >= a + b && l < 60) ? "yes" : "no" }')" "yes"
median=$(column median_s r/summary.csv | sed -n 1p)
expect_eq "1-byte Bcast: microseconds ($median s)" "$(within "$median" 2e-6 1e-3)" "yes"
expect_eq "merged summary: simulated" "$(column simulated r/summary.csv | sort -u)" "1"
expect_eq "launch: simulated" "$(jq .simulated r/launches/0/manifest.json)" "true"
expect_eq "run manifest: simulated" "$(jq .simulated r/manifest.json)" "true"
expect_eq "merged raw.csv: simulated" "$(column simulated r/raw.csv | sort -u)" "1"
# The simulated run folder is refused beside measured results, and its report is marked.
timeout 60 $MPIEXEC -n 2 "$METRON" exec s.bench --out real --quiet > /dev/null 2>&1
expect_fails "compare: simulated run with measured" 64 \
  "metron: error: 'r' holds simulated results (SimGrid SMPI) and 'real' measured ones: their times are not comparable; pass --allow-simulated to compare them anyway" \
  "$METRON" compare r real
expect_fails "replay of a simulated run" 64 \
  "metron: error: 'r' holds simulated results (SimGrid SMPI): a replay would set measurements beside a simulation; pass --allow-simulated to replay it anyway" \
  "$METRON" replay r --quiet
"$METRON" report r --out r.html > /dev/null 2>&1
expect_eq "report of the run" "$?" "0"
expect_grep "report of the run: marked simulated" "SIMULATED" r.html
expect_eq "run manifest: planned replicates" "$(jq .planned_replicates r/manifest.json)" "3"
expect_grep "report: header" \
  "^metron: simulated preview on '$PLATFORM' (SimGrid SMPI): the times are the platform model's, not measurements$" out.txt
expect_grep "report: campaign" \
  "^metron: campaign: 3 launch(es) (3 replicate(s) x 1 combination(s)) take .* simulated; their deadlines add up to 423 s$" out.txt
expect_grep "report: buffers" \
  "^metron: buffers: at most 1 MiB per rank (job 1), 1 MiB on a host of 1 rank(s); the simulation holds 16 MiB of them in this machine's memory$" out.txt
expect_grep "report: communicators" \
  "^metron: communicators: 1 in the plan of launch 0, the largest of 16 ranks$" out.txt
expect_grep "report: nothing fails" \
  "^metron: nothing would fail at this scale: every launch completed within its deadline$" out.txt
expect_grep "report: the file" "^metron: preview: r/preview.json$" out.txt

# A fixed count longer than its budget: 600 Bcasts of 1 MiB on 16 ranks (at least 0.84 ms each:
# 0.5 s) with max_time = 1 ms (budget 1.25 ms + 1 s)... is reported, in the quiet form too.
cat > long.bench <<'B'
set reps = 1500
set max_time = 1ms
begin measurement "long"
  measure MPI_COMM_WORLD : Bcast(1MiB, MPI_CHAR, 0)
end measurement
B
timeout 300 "$METRON" run long.bench --simulate cluster_64.xml --np 16 --quiet \
  --smpi-metron "$SMPI_METRON" --out long > long.txt 2> long.err
expect_eq "over budget: exit code" "$?" "0"
cat long.txt long.err
expect_grep "over budget: reported" \
  "^metron: warning: job 0 (block 'long', Bcast 1 MiB, 16 ranks) takes .* simulated, over its budget of 1 s (1.25 x max_time + 1 s): its launch's deadline relies on the other jobs' slack$" long.txt
expect_eq "over budget: in preview.json" "$(jq '.problems | length' long/preview.json)" "1"
# Without `replicate` or --replicates, metron run adds launches by precision (up to --budget,
# 30): the preview gives the campaign at its most and says so.
timeout 300 "$METRON" run s.bench --simulate cluster_64.xml --np 4 --smpi-metron "$SMPI_METRON" \
  --out dflt --seed 1 > dflt.txt 2> dflt.err
expect_eq "default count: exit code" "$?" "0"
expect_grep "default count: the campaign at its most" \
  "^metron: campaign: at most 30 launch(es) (30 replicate(s), the most metron run adds without \`replicate\` or --replicates, x 1 combination(s)) take .* simulated; their deadlines add up to .*$" dflt.txt
expect_eq "default count: preview.json" "$(jq .replicates_by_default dflt/preview.json)" "true"
expect_eq "default count: run manifest" "$(jq .planned_replicates_by_default dflt/manifest.json)" "true"
expect_eq "default count: one launch simulated" "$(ls dflt/launches | wc -l)" "1"
expect_eq "a count given: not the default's" "$(jq .replicates_by_default r/preview.json)" "false"
finish
