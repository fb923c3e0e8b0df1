# Claims on Synthetic, whose times are programmed (docs/claims.md): across launch-factor levels
# ("fast" waits 100 us, "slow" 130 us), against a reference value and on the launch-to-launch
# spread; a claim that holds, one that fails (the direction flipped), the quantifiers, the
# outputs (claims.csv, claim_checks.csv, the run manifest, the sentences), analyze giving the
# same verdicts again, and a replay on the same machine that leads with the jobs unless told
# otherwise.
source "$(dirname "$0")/lib.sh"
cat > c.bench <<'B'
replicate 6
factor speed in ["fast", "slow"]
shuffle seed 3
set reps = 15
set warmup = 2
begin measurement "sweep"
  for n in [1, 4, 16] do
    t = 100us
    if speed == "slow" then t = 130us fi
    measure MPI_COMM_WORLD : Synthetic(n, t)
  od
end measurement
begin measurement "ref"
  measure MPI_COMM_WORLD : Synthetic(1, 50us)
end measurement
claim "fast beats slow" : Synthetic[speed = "fast", block = "sweep"] < Synthetic[speed = "slow", block = "sweep"] by 15%
claim "flipped" : Synthetic[speed = "slow", block = "sweep"] < Synthetic[speed = "fast", block = "sweep"] for some n >= 4
claim "spread" : launch_spread(Synthetic[block = "ref"]) < 50%
B
timeout 300 "$METRON" run c.bench --out r --np 2 > run.txt 2> run.err
expect_eq "run" "$?" "0"
# checks, holds, fails and verdict of a claim, from the run manifest
verdict() { jq -r --arg id "$1" '.claims[] | select(.id == $id) | "\(.checks) \(.holds) \(.fails) \(.verdict)"' r/manifest.json; }
expect_eq "a 30% slower level: holds at all three sizes" "$(verdict "fast beats slow")" "3 3 0 holds"
expect_eq "the flipped claim fails at both sizes >= 4" "$(verdict flipped)" "2 0 2 fails"
expect_eq "busy-waits of one length barely spread between launches" "$(verdict spread)" "2 2 0 holds"
expect_eq "claims.csv: a row per claim" "$(($(wc -l < r/claims.csv) - 1))" "3"
expect_eq "claim_checks.csv: a row per check" "$(($(wc -l < r/claim_checks.csv) - 1))" "7"
expect_eq "levels come from different launches: rank-sum, not paired" \
  "$(grep -c '^fast beats slow,.*,0,rank-sum,' r/claim_checks.csv)" "3"
expect_eq "a spread: bootstrap" "$(grep -c '^spread,.*,bootstrap,' r/claim_checks.csv)" "2"
expect_grep "the sentence names the deciding check and its CI" \
  "^  Claim 'fast beats slow' holds: Synthetic\[speed = \"fast\", block = \"sweep\"\] < Synthetic\[speed = \"slow\", block = \"sweep\"\] by 15%\. 3 of 3 checks hold, 0 fail\. .* (the deciding check): median A/B = 0\.7[0-9]* (95% CI 0\.7[0-9]* to 0\.[78][0-9]*; the claim needs below 0\.850), 6 launches each\." run.txt
expect_grep "the count line" "^3 claims: 2 hold, 1 fails, 0 inconclusive$" run.txt
expect_eq "the run manifest" "$(jq -r '[.claims[].verdict] | join(" ")' r/manifest.json)" "holds fails holds"
expect_eq "where each claim stands" "$(jq -r '.claims[0].at' r/manifest.json)" "c.bench:16:1"
cp r/claims.csv claims.first
"$METRON" analyze r > an.txt 2>&1
expect_eq "analyze" "$?" "0"
expect_eq "analyze gives the same claims.csv (bootstrap seeded)" "$(cmp -s claims.first r/claims.csv && echo same)" "same"
timeout 300 "$METRON" replay r --out rp --replicates 3 --quiet > rp.txt 2> rp.err
# 3 launches a side decide no job: the jobs lead, inconclusive (docs/cli.md, Exit codes).
expect_eq "replay on the same machine: 2" "$?" "2"
expect_no_grep "same machine: the jobs lead" "the findings lead" rp.txt
expect_grep "and the findings follow" "^findings (claims and guidelines), recorded on" rp.txt
timeout 300 "$METRON" replay r --out rp2 --replicates 6 --quiet --lead findings > rp2.txt 2> rp2.err
expect_eq "--lead findings: the same findings, exit 0" "$?" "0"
expect_grep "forced" "^--lead findings: the findings lead$" rp2.txt
expect_grep "the level claim reproduced" "^  'fast beats slow'  *reproduced$" rp2.txt
expect_grep "the failing claim too" "^  'flipped'  *reproduced$" rp2.txt
"$METRON" report r > /dev/null 2>&1 && "$METRON" report rp2 > /dev/null 2>&1
expect_grep "the report shows the claims" '<h2 id="claims">Claims</h2>' r/report.html
expect_grep "with their verdicts" '<td>fast beats slow</td><td class="good">holds</td>' r/report.html
expect_grep "a replay's report sets the findings side by side" '<td>flipped</td><td class="good">reproduced</td><td>fails ' rp2/report.html
expect_grep "naming both machines" 'Recorded on .*, 2 ranks; replayed on .*, 2 ranks\.' rp2/report.html
expect_fails "bad --lead" 64 "metron: error: bad --lead 'claims' (auto, findings or jobs)" "$METRON" replay r --lead claims
finish
