# Published values (docs/claims.md, "Published values") on Synthetic, whose times are programmed:
# the file travels with the script (its copy in DIR/script/, the manifest, a replay), the plan
# carries the entries, the run writes published_vs_measured.csv and prints the table naming both
# machines, the report shows it, and a damaged entry in a manifest is refused with its message.
# (A bandwidth for an operation without a rate is refused by check: golden published_plan.)
source "$(dirname "$0")/lib.sh"
mkdir paper
cat > paper/p.bench <<'B'
replicate 3
shuffle seed 5
set reps = 12
set warmup = 2
begin measurement "s"
  for n in [1, 4] do
    measure MPI_COMM_WORLD : Synthetic(n, 100us)
  od
end measurement
published "values.csv"
B
cat > paper/values.csv <<'C'
# What the paper says (a made-up paper, for the test).
id,source,selection,value,unit,machine,mpi,procs,note
same,Table 2,Synthetic[n = 1],100,us,Big Iron,Some MPI 1.0,16x1,
range,Table 2,"median(Synthetic[n = 4, block = ""s""])",60..80,us,Big Iron,Some MPI 1.0,16x1,the text gives a range
spread,Fig. 3,launch_spread(Synthetic[n = 1]),5,%,Big Iron,Some MPI 1.0,16x1,
plot,Fig. 5,mean(Synthetic),,,Big Iron,,,plot only
C
"$METRON" plan paper/p.bench --json > plan.json
expect_eq "the plan carries the entries" "$(jq -r '[.published[].id] | join(" ")' plan.json)" "same range spread plot"
expect_eq "values in base units: seconds" \
  "$(jq -r '.published[1] | "\(.value_lo * 1e9 | round) \(.value_hi * 1e9 | round) \(.unit)"' plan.json)" "60000 80000 us"
expect_eq "where each entry stands" "$(jq -r '.published[0].at' plan.json)" "paper/values.csv:3:1"

timeout 300 "$METRON" run paper/p.bench --out r --np 2 > run.txt 2> run.err
expect_eq "run" "$?" "0"
expect_eq "the file is copied with the script" "$(cmp -s paper/values.csv r/script/values.csv && echo same)" "same"
expect_eq "and recorded among the script's files" \
  "$(jq -r '[.script.files[].name] | join(" ")' r/manifest.json)" "paper/p.bench paper/values.csv"
P=r/published_vs_measured.csv
expect_eq "a row per entry and job (mean(Synthetic) selects two)" "$(($(wc -l < $P) - 1))" "5"
# The ratio on the line after an entry's heading in the table (CSV cells hold commas).
ratio_of() { awk -v id="  $1 (" 'index($0, id) == 1 { getline; if (match($0, /; ratio [0-9.e+-]+/)) print substr($0, RSTART + 8, RLENGTH - 8); exit }' run.txt; }
# measured within a few microseconds of the programmed 100 us: the ratio near 1
expect_eq "measured / published near 1" \
  "$(awk -v r="$(ratio_of same)" 'BEGIN { print (r > 0.95 && r < 1.3) ? "yes" : "no (" r ")" }')" "yes"
expect_eq "a range: the ratio to its nearer end (100 / 80)" \
  "$(awk -v r="$(ratio_of range)" 'BEGIN { print (r > 1.19 && r < 1.65) ? "yes" : "no (" r ")" }')" "yes"
expect_eq "no number: no ratio" "$(ratio_of plot)" ""
expect_grep "the paper's machine and this one, side by side" \
  '^same,Table 2,Synthetic\[n = 1\],median,us,100,,Big Iron,Some MPI 1.0,16x1,,"Synthetic 1 B, 2 ranks, n=1",[0-9.]*,,,3,[^,]*,MPICH[^,]*,2,' "$P"
expect_grep "the table names this machine" "^  this machine: .*, MPICH" run.txt
expect_grep "and the paper's" "^  same (Table 2) Synthetic\[n = 1\]: published 100 us (Big Iron; Some MPI 1.0; 16x1 processes)$" run.txt
expect_grep "a measured value with its launches and ratio" "^      here: Synthetic 1 B, 2 ranks, n=1: [0-9.]* us, 2 processes, 3 launches; ratio " run.txt
expect_grep "no number: the note" "^      note: plot only$" run.txt

"$METRON" analyze r > an.txt 2>&1
expect_eq "analyze" "$?" "0"
expect_grep "analyze prints the table too" "^published vs measured: " an.txt
"$METRON" report r > rep.txt 2>&1
expect_eq "report" "$?" "0"
expect_grep "the report has the section" '<h2 id="published">Published vs measured</h2>' r/report.html
expect_grep "naming the paper's machine in each row" "<td>Big Iron</td><td>Some MPI 1.0</td><td>16x1</td>" r/report.html
expect_grep "and this one" "Measured here on <b>" r/report.html

timeout 300 "$METRON" replay r --out rp --replicates 2 --quiet > rp.txt 2> rp.err
expect_eq "replay: 2 launches decide no job (docs/cli.md, Exit codes)" "$?" "2"
expect_eq "the replay measured from the recorded file" "$(($(wc -l < rp/published_vs_measured.csv) - 1))" "5"

# A damaged entry in the launch manifest that analyze reads the plan from.
L=$(jq -r '.launches[0].dir' r/manifest.json)
jq 'del(.plan.published[0].side)' "r/$L/manifest.json" > m.json && mv m.json "r/$L/manifest.json"
expect_fails "a damaged published value" 74 \
  "metron: error: the published values of the folder's plan are damaged: 'published.side' is missing or has the wrong type" \
  "$METRON" analyze r
finish
