# --settings FILE: the file's settings replace the script's own in exec and run; the file is
# recorded in the manifests (and copied into a run's folder), and a replay measures with it.
source "$(dirname "$0")/lib.sh"
cat > s.bench <<'B'
set_min_repetitions(8)
set_max_repetitions(30)
begin measurement "syn"
  set reps = 50
  for t = 10 to 20 step 10 do
    measure MPI_COMM_WORLD : Synthetic(1, time = t * 1us)
  od
end measurement
stop when reps >= 40
measure MPI_COMM_WORLD : Synthetic(1, time = 5us)
B
printf '# quick\nset reps = 3\nset warmup = 0\n' > quick.settings

# plan: the file's settings, and every job with them
"$METRON" plan s.bench --settings quick.settings > plan.txt
expect_grep "plan names the file" "settings from 'quick.settings' (replace the script's own): reps 3, warmup 0" plan.txt
expect_eq "plan: every settings line has reps 3" "$(grep -c '^  settings: .*, reps 3,' plan.txt)" "2"

# exec: 3 observations per job, however the script asks for 50, 8..30 or a stop rule
timeout 120 $MPIEXEC -n 2 "$METRON" exec s.bench --settings quick.settings --out ex --quiet > /dev/null 2> ex.err
expect_eq "exec with a settings file" "$?" "0"
expect_eq "exec: 3 jobs" "$(($(wc -l < ex/summary.csv) - 1))" "3"
expect_eq "exec: n is 3 in every job" "$(column n ex/summary.csv | sort -u)" "3"
expect_eq "exec: 9 raw rows" "$(($(wc -l < ex/raw.csv) - 1))" "9"
expect_grep "exec manifest records the file's text" '"text": "# quick\\nset reps = 3\\nset warmup = 0\\n"' ex/manifest.json
expect_grep "exec manifest: the plan shows the values" '"reps": "3"' ex/manifest.json
files=$(tr -d ' \n' < ex/manifest.json | grep -o '"files":\[[^]]*\]' | grep -o '"name":"[^"]*"' | tr '\n' ' ')
expect_eq "exec manifest: the file is not a script file" "$files" '"name":"s.bench" '

# run: the file is copied into the folder and given to each launch
timeout 300 "$METRON" run s.bench --settings quick.settings --replicates 2 --out r1 --quiet > /dev/null 2> r1.err
expect_eq "run with a settings file" "$?" "0"
expect_eq "run: copy of the file" "$(cat r1/settings/quick.settings)" "$(cat quick.settings)"
expect_grep "run: each launch gets --settings" '"--settings",' r1/manifest.json
expect_grep "run manifest records the file" '"copy": "settings/quick.settings"' r1/manifest.json
expect_eq "run: 6 summary rows, n 3" "$(($(wc -l < r1/summary.csv) - 1)) $(column n r1/summary.csv | sort -u)" "6 3"

# replay: from the manifest alone (the original file is gone), with the file's settings
rm quick.settings
timeout 300 "$METRON" replay r1 --out rp --quiet > rp.txt 2> rp.err
expect_eq "replay of a run with a settings file: nothing decided, 2" "$?" "2"
expect_eq "replay: the file restored" "$(cat rp/settings/quick.settings)" "$(printf '# quick\nset reps = 3\nset warmup = 0')"
expect_eq "replay: n is 3 in every job" "$(($(wc -l < rp/summary.csv) - 1)) $(column n rp/summary.csv | sort -u)" "6 3"
expect_grep "replay: each launch gets --settings" '"--settings",' rp/manifest.json
# an exec folder replays with its recorded file too
timeout 300 "$METRON" replay ex --out rx --quiet > rx.txt 2> rx.err
expect_eq "replay of an exec folder: nothing decided, 2" "$?" "2"
expect_eq "replay of exec: n is 3" "$(column n rx/summary.csv | sort -u)" "3"

# a damaged record of the file, and a file edited after the recording
python3 - <<'P'
import json
m = json.load(open("ex/manifest.json"))
m["settings_override"]["text"] = 1
json.dump(m, open("bad_manifest.json", "w"))
m["settings_override"]["text"] = "set reps = 4\n"
json.dump(m, open("edited_manifest.json", "w"))
P
mkdir bad edited
cp bad_manifest.json bad/manifest.json
cp edited_manifest.json edited/manifest.json
expect_fails "damaged settings record" 74 \
  "metron: error: the manifest 'bad/manifest.json' is damaged: 'settings_override' is not an object with 'path' and 'text' strings" \
  "$METRON" replay bad --out bad-replay
"$METRON" replay edited --out edited-replay > /dev/null 2> edited.err
expect_eq "edited settings file: refused" "$?" "64"
expect_grep "edited settings file: named" "'quick.settings'" edited.err

# the stdlib's quick settings are found by name from any folder, and the stock suites take them
"$METRON" plan "$SRC/stdlib-benchmarks/skampi_coll.ski" --settings skampi_quick.settings > coll.txt 2> coll.err
expect_eq "skampi_coll.ski with skampi_quick.settings" "$?" "0"
expect_grep "found in the stdlib folder" "skampi_quick.settings' (replace the script's own): reps 4, warmup 1, max_time 1s" coll.txt
expect_eq "every settings line of skampi_coll.ski has reps 4" "$(grep '^  settings: ' coll.txt | grep -vc ', reps 4,')" "0"

# usage: --resume takes the recorded file
expect_fails "--settings with --resume" 64 \
  "metron: error: --resume DIR continues a run: give no FILE, --out or --settings" \
  "$METRON" run --resume r1 --settings x.settings
finish
