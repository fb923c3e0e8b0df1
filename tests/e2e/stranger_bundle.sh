# A stranger's bundle is safe to replay (docs/security.md): one case of each class of the audit
# of hostile bundles and folders, refused with its exact message before anything runs, with
# nothing outside the replay's folders written, removed, read or shown raw; and bundles of any
# file name replayed, beside their own source folder too.
source "$(dirname "$0")/lib.sh"
good_run 1
mkdir outside
echo mine > outside/victim.txt
sum() { printf '%s' "$1" | sha256sum | cut -d' ' -f1; }

# --- 1. writes outside: a recorded script name that climbs out of DIR/script/ ----------------
# With an absolute main script, the old copy layout kept a relative name as it was.
climb='.script.path = "/x/s.bench" | .script.files[0].name = "/x/s.bench"
       | .script.files += [{"name": "../../outside/planted", "text": "planted", "sha256": $sum}]'
cp -r good climb && jq --arg sum "$(sum planted)" "$climb" good/manifest.json > climb/manifest.json
expect_fails "1: replay of a run whose script name climbs out" 74 "metron: error: the manifest 'climb/manifest.json' is damaged: 'script.files' holds '../../outside/planted', which is not a path inside the folder: it climbs out with '..'" \
  timeout 60 "$METRON" replay climb --quiet
cp -r climb climbr && rm climbr/summary.csv
expect_fails "1: run --resume of it" 74 "metron: error: the manifest 'climbr/manifest.json' is damaged: 'script.files' holds '../../outside/planted', which is not a path inside the folder: it climbs out with '..'" \
  timeout 60 "$METRON" run --resume climbr --quiet
timeout 60 $MPIEXEC -n 2 "$METRON" exec s.bench --out ex --seed 3 --quiet > /dev/null 2>&1
cp -r ex exclimb && jq --arg sum "$(sum planted)" "$climb" ex/manifest.json > exclimb/manifest.json
expect_fails "1: replay of an exec folder whose script name climbs out" 74 "metron: error: the manifest 'exclimb/manifest.json' is damaged: 'script.files' holds '../../outside/planted', which is not a path inside the folder: it climbs out with '..'" \
  timeout 60 "$METRON" replay exclimb --quiet
expect_eq "1: nothing was written outside" "$(ls outside)" "victim.txt"
rm -rf climb climbr exclimb
# A folder whose launches/ is a link: --resume would remove and write launch folders through it.
mkdir theirs && cp -r good linked && rm linked/summary.csv && mv linked/launches theirs/
ln -s "$WORK/theirs/launches" linked/launches
expect_fails "1: run --resume through a link" 74 "metron: error: 'launches' is not a path inside 'linked': 'launches' on its way is a symbolic link" \
  timeout 60 "$METRON" run --resume linked --quiet
expect_eq "1: the linked folder is untouched" "$(ls theirs/launches)" "0"

# A replay that measured exits with its verdicts' code (0 as recorded, 1 a difference, 2
# inconclusive: docs/cli.md); a refusal or a failed launch with 64, 65, 70 or 74.
replayed() { [ "$1" -le 2 ] && echo yes || echo "no (exit $1)"; }
# --- 3. deletes: an existing X.partial and the source folder stay; any file name replays -------
"$METRON" pack good > /dev/null 2>&1 && "$METRON" pack good --out rec.bundle > /dev/null 2>&1
mkdir good.partial && echo mine > good.partial/keep
timeout 120 "$METRON" replay good.tar.gz --quiet > rp.out 2> rp.err
expect_eq "3: a bundle beside its source folder replays (0, 1 or 2: its verdicts)" "$(replayed $?)" "yes"
expect_grep "3: into a new folder" "^metron: verified and unpacked good.tar.gz into good-2$" rp.err
expect_eq "3: the existing good.partial/ is untouched" "$(cat good.partial/keep)" "mine"
expect_eq "3: no temporary folder is left" "$(ls -a | grep -c partial)" "1"
timeout 120 "$METRON" replay rec.bundle --quiet > rp.out 2> rp.err
expect_eq "3: a bundle called rec.bundle replays (0, 1 or 2: its verdicts)" "$(replayed $?)" "yes"
expect_grep "3: named after its top folder" "^metron: verified and unpacked rec.bundle into good-3$" rp.err
# Where the bundle's folder is free, an X.partial beside it was removed (a launcher that starts
# nothing keeps the replay short: only the unpack matters here).
mkdir elsewhere && cp good.tar.gz elsewhere/ && mkdir elsewhere/good.partial && echo mine > elsewhere/good.partial/keep
timeout 60 "$METRON" replay elsewhere/good.tar.gz --quiet --launcher "true {np} {metron} {script} {dir} {launch} {seed}" > rp.out 2> rp.err
expect_grep "3: unpacked beside the bundle" "^metron: verified and unpacked elsewhere/good.tar.gz into elsewhere/good$" rp.err
expect_eq "3: the X.partial there is untouched" "$(cat elsewhere/good.partial/keep)" "mine"
expect_fails "3: a file that is not a bundle" 64 "metron: error: 's.bench' is a file but not a bundle (a .tar.gz written by metron pack, recognised by its content); replay a results folder or a bundle" \
  "$METRON" replay s.bench

# --- 4. private files quoted: published values only its owner may read ------------------------
printf 'SECRET_TOKEN=hunter2\n' > secret.csv && chmod 600 secret.csv
for f in secret.csv /proc/self/environ; do
  printf 'published "%s"\nset reps = 5\nmeasure MPI_COMM_WORLD : Synthetic(1, 10us)\n' "$f" > pub.bench
  "$METRON" check pub.bench > pub.out 2> pub.err
  expect_eq "4: published '$f': exit code" "$?" "65"
  expect_eq "4: published '$f': message" "$(head -1 pub.err)" \
    "pub.bench:1:1: error: cannot read published values '$f' (others may not read it, and published values go into results that others read)"
done
expect_eq "4: nothing of the file is shown" "$(grep -c hunter2 pub.err)" "0"
printf 'published "/etc/shadow"\nmeasure MPI_COMM_WORLD : Synthetic(1, 10us)\n' > pub.bench
"$METRON" check pub.bench > pub.out 2> pub.err
expect_grep "4: /etc/shadow is refused, unread" "^pub.bench:1:1: error: cannot read published values '/etc/shadow' (\(others may not read it\|permission denied\)" pub.err
expect_eq "4: nothing of /etc/shadow is shown" "$(grep -c 'root:' pub.err)" "0"

# --- 5. the reader's own files run instead of the bundle's: an absolute include ---------------
mkdir author && printf 'set reps = 5\n' > author/inc.bench
printf '@include "%s"\nmeasure MPI_COMM_WORLD : Synthetic(1, 10us)\n' "$WORK/author/inc.bench" > abs.bench
timeout 120 "$METRON" run abs.bench --replicates 1 --seed 3 --out absrun --quiet > /dev/null 2>&1
"$METRON" pack absrun > /dev/null 2>&1
printf 'set reps = 7\n' > author/inc.bench  # the reader's file of that name
mkdir reader && cp absrun.tar.gz reader/
(cd reader && timeout 60 "$METRON" replay absrun.tar.gz --quiet > ../abs.out 2> ../abs.err)
expect_eq "5: an absolute include in a bundle's script: exit code" "$?" "65"
expect_eq "5: the message, before any launch" "$(sed -n 2p abs.err | sed "s|$WORK|WORK|")" \
  "abs.bench:1:1: error: '@include' names the absolute path 'WORK/author/inc.bench': in a script from a results folder or bundle, the launches would read this machine's file of that name, not a recorded one"
expect_eq "5: nothing was launched" "$(ls -d reader/*-replay 2>/dev/null)" ""
jq '.script.files |= map(select(.name | startswith("/") | not))' absrun/manifest.json > m.json
cp -r absrun absr && mv m.json absr/manifest.json && rm absr/summary.csv
expect_fails "5: run --resume of it" 65 "$(sed -n '2,$p' abs.err)" timeout 60 "$METRON" run --resume absr --quiet

# --- 6. checking an unpacked folder reads anywhere: metadata entries outside ------------------
mkdir u && tar xzf good.tar.gz -C u
for id in /etc/passwd ../../x; do
  rm -rf v && cp -r u/good v
  jq --arg id "$id" '."@graph" += [{"@id": $id, "@type": "File", "contentSize": "1", "sha256": "'"$(sum x)"'"}]' \
    u/good/ro-crate-metadata.json > v/ro-crate-metadata.json
  why="it is absolute" && [ "$id" == "../../x" ] && why="it climbs out with '..'"
  expect_fails "6: metadata listing '$id'" 64 "metron: error: 'v' does not match its ro-crate-metadata.json: the metadata lists '$id', which is not a path inside the folder: $why" \
    "$METRON" replay v --quiet
done

# --- 7. terminal escapes: in an entry name, in a published CSV cell -----------------------------
mkdir y && tar xzf good.tar.gz -C y && touch "y/good/evil$(printf '\033]0;pwned\007')"
(cd y && tar czf ../esc.tar.gz good)
expect_fails "7: an entry name with ESC and BEL" 64 "metron: error: bundle 'esc.tar.gz' is damaged: 'good/evil\\x1b]0;pwned\\x07' is not a path inside the bundle: it holds a control character" \
  "$METRON" replay esc.tar.gz
printf 'id,source,selection,x\033[2J\n' > cells.csv
printf 'published "cells.csv"\nmeasure MPI_COMM_WORLD : Synthetic(1, 10us)\n' > cells.bench
"$METRON" check cells.bench > cells.out 2> cells.err
expect_eq "7: a CSV cell with ESC: message" "$(head -1 cells.err)" \
  "cells.csv:1:21: error: unknown column 'x\\x1b[2J' (columns: id, source, selection, value, unit, machine, mpi, procs, note)"
expect_eq "7: no raw ESC on the terminal" "$(cat fails.err cells.err | grep -c $'\033')" "0"

# --- 8. unbounded work: a bomb, deep metadata, duplicates, loose numbers, a huge CSV ------------
mkdir -p bomb/good && head -c 80M /dev/zero > bomb/good/big.csv && (cd bomb && tar czf ../bomb.tar.gz good)
expect_fails "8: a bundle that unpacks to 80 MiB from $(stat -c %s bomb.tar.gz) bytes" 64 "metron: error: bundle 'bomb.tar.gz' is damaged: it unpacks to more than 67108864 bytes, the limit for an archive of $(stat -c %s bomb.tar.gz) bytes (100 times its size, at most 17179869184 bytes)" \
  "$METRON" replay bomb.tar.gz
rm -rf bomb bomb.tar.gz
rm -rf y && mkdir y && tar xzf good.tar.gz -C y
head -c 1M /dev/zero | tr '\0' '[' > y/good/ro-crate-metadata.json && (cd y && tar czf ../deep.tar.gz good)
expect_fails "8: metadata nested a million deep" 64 "metron: error: bundle 'deep.tar.gz' is damaged: its ro-crate-metadata.json is not RO-Crate metadata as Metron writes it (arrays and objects nested more than 256 levels deep)" \
  "$METRON" replay deep.tar.gz
rm -rf y && mkdir y && tar xzf good.tar.gz -C y && (cd y && tar czf ../dup.tar.gz --hard-dereference good good/summary.csv)
expect_fails "8: an entry twice" 64 "metron: error: bundle 'dup.tar.gz' is damaged: 'good/summary.csv' is in the bundle twice" \
  "$METRON" replay dup.tar.gz
jq '(."@graph"[] | select(."@id" == "summary.csv") | .contentSize) |= "247abc"' y/good/ro-crate-metadata.json > m.json
mv m.json y/good/ro-crate-metadata.json && (cd y && tar czf ../loose.tar.gz good)
expect_fails "8: contentSize '247abc'" 64 "metron: error: bundle 'loose.tar.gz' is damaged: its ro-crate-metadata.json is not RO-Crate metadata as Metron writes it (the contentSize of 'summary.csv' is '247abc', not a whole number of bytes)" \
  "$METRON" replay loose.tar.gz
cp -r good deepman && head -c 1M /dev/zero | tr '\0' '[' > deepman/manifest.json
expect_fails "8: a manifest nested a million deep" 74 "metron: error: cannot read 'deepman/manifest.json': arrays and objects nested more than 256 levels deep" \
  "$METRON" replay deepman
head -c 50M /dev/zero | tr '\0' 'x' > big.csv
printf 'published "big.csv"\nmeasure MPI_COMM_WORLD : Synthetic(1, 10us)\n' > big.bench
timeout 20 "$METRON" check big.bench > big.out 2> big.err
expect_eq "8: published values of 50 MB: exit code" "$?" "65"
expect_eq "8: refused by their size" "$(head -1 big.err)" \
  "big.bench:1:1: error: cannot read published values 'big.csv' (larger than 2 MiB)"
# Within the bound, a file is read in linear time (duplicate ids were looked for row by row).
{ echo "id,source,selection,value,unit,machine,mpi,procs,note"
  seq 1 20000 | sed 's/.*/v&,paper,Synthetic,10,us,m,mpich,2,/'; } > rows.csv
printf 'published "rows.csv"\nset reps = 5\nmeasure MPI_COMM_WORLD : Synthetic(1, 10us)\n' > rows.bench
timeout 60 "$METRON" check rows.bench > rows.out 2> rows.err
expect_eq "8: 20 000 published rows are read" "$?" "0"
expect_eq "nothing anywhere wrote outside" "$(ls outside)" "victim.txt"
finish
