# Issue 31, item 9: the manifest reader of `run --resume`. A value of the wrong type once ended
# in 'internal error: [json.exception.type_error.302]' (exit 70); seed -1, retries 1e15 and a
# launch_timeout_s of "abc" were accepted; a script.copy of ../../../../etc/hostname was read and
# launched; a truncated manifest was "no run manifest". Each is now the manifest's damage, named
# (exit 74), before anything runs.
source "$(dirname "$0")/lib.sh"
good_run 2
# damaged NAME JQ-FILTER WHAT: run --resume of a copy whose manifest went through the filter.
damaged() {
  local name=$1 filter=$2 what=$3
  rm -rf "$name" && cp -r good "$name" && rm "$name/summary.csv"
  jq "$filter" good/manifest.json > "$name/manifest.json"
  timeout 20 "$METRON" run --resume "$name" --quiet > out.txt 2> err.txt
  expect_eq "$name: exit code" "$?" "74"
  expect_eq "$name: message" "$(cat err.txt)" \
    "metron: error: the manifest '$name/manifest.json' is damaged: $what"
  [ ! -e "$name/summary.csv" ] && pass "$name: nothing merged" || fail "$name: merged"
}
damaged order '.order = "x"' "'order' is not the launch ids 0 to 1 in some order"
damaged order_twice '.order = [0, 0]' "'order' is not the launch ids 0 to 1 in some order"
damaged design 'del(.design)' "'design' is not an object"
damaged np '.design.np = "two"' "'design.np' is not a whole number from 1 to 1048576"
damaged factor '.design.factors = [{"name": "a b", "levels": ["x"]}]' \
  "'design.factors' holds 'a b', which is not a name (letters, digits and '_')"
damaged seed '.seed = -1' "'seed' is not a whole number >= 0"
damaged retries '.limits.retries = 1e15' "'limits.retries' is not a number from 0 to 1000"
damaged timeout '.limits.launch_timeout_s = "abc"' \
  "'limits.launch_timeout_s' is not a number from 0 to 31536000"
damaged launches '.launches = {}' "'launches' is not a list"
damaged entry '.launches[0].attempts = 1' \
  "'launches' has an entry that is not an object, or whose 'attempts' has the wrong type"
damaged copy '.script.copy = "../../../../etc/hostname"' \
  "'script.copy' is '../../../../etc/hostname', which is not a path inside the results folder"
damaged launcher '.launcher = 2' "'launcher' is not a string"
# A manifest cut short: damaged, not "no run manifest".
rm -rf cut && cp -r good cut && head -c 500 good/manifest.json > cut/manifest.json
timeout 20 "$METRON" run --resume cut --quiet > out.txt 2> err.txt
expect_eq "cut: exit code" "$?" "74"
expect_grep "cut: message" "^metron: error: the manifest 'cut/manifest.json' is damaged: not JSON (\[json.exception.parse_error.101\] parse error at line" err.txt
# No manifest at all.
mkdir empty
expect_fails "no manifest" 74 "metron: error: 'empty' has no run manifest (manifest.json of \`metron run\`)" \
  timeout 20 "$METRON" run --resume empty
finish
