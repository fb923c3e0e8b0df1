# replay refuses a recording whose script does not hash to its recorded sha256 (a zeroed hash,
# an edited script text), exit 64, unless --allow-modified; then the replay's manifest says so.
source "$(dirname "$0")/lib.sh"
cat > s.bench <<'B'
set reps = 5
begin measurement "b"
  measure MPI_COMM_WORLD : Barrier()
end measurement
B
timeout 120 "$METRON" run s.bench --np 2 --replicates 2 --seed 3 --out rec --quiet > out.txt 2> err.txt
expect_eq "the recording: exit code" "$?" "0"
sum=$(sha256sum s.bench | cut -d' ' -f1)
expect_grep "the manifest records the script's sha256" "\"sha256\": \"$sum\"" rec/manifest.json

# A zeroed hash.
cp -r rec zeroed
sed -i "s/$sum/0000000000000000000000000000000000000000000000000000000000000000/g" zeroed/manifest.json
timeout 60 "$METRON" replay zeroed --quiet > out.txt 2> err.txt
expect_eq "zeroed hash: exit code" "$?" "64"
expect_grep "zeroed hash: message" "metron: error: the script recorded in 'zeroed/manifest.json' does not match its sha256 ('s.bench'): the recording was modified after it was made; pass --allow-modified to replay it anyway" err.txt
if [ -e zeroed-replay ]; then fail "zeroed hash: a replay folder was made"; else pass "zeroed hash: nothing ran"; fi

# An edited script text with the original hash.
cp -r rec edited
sed -i 's/set reps = 5/set reps = 7/' edited/manifest.json
timeout 60 "$METRON" replay edited --quiet > out.txt 2> err.txt
expect_eq "edited text: exit code" "$?" "64"
expect_grep "edited text: message" "does not match its sha256 ('s.bench')" err.txt

# --allow-modified replays it and records that the recording was modified.
timeout 120 "$METRON" replay edited --allow-modified --out edited-replay --quiet > out.txt 2> err.txt
expect_eq "--allow-modified: exit code (one launch decides no job: 2)" "$?" "2"
expect_grep "--allow-modified: warning" "metron: warning: replaying a modified recording ('s.bench' does not match its sha256); the replay's manifest says so" err.txt
expect_grep "--allow-modified: recorded in the manifest" '"replay_of_modified"' edited-replay/manifest.json
expect_grep "--allow-modified: the edited script ran" "set reps = 7" edited-replay/manifest.json
finish
