# Every man page, generated at build time from the command line's own definition, formats
# without a single warning under groff -ww and man --warnings, is the one `metron --man` prints
# now (no stale page), and exists for every subcommand `metron --help` lists.
source "$(dirname "$0")/lib.sh"
MAN=$(cd "$(dirname "$METRON")" && pwd)/generated/install/man
# The checks can fail: a page with an undefined macro draws a warning from both.
printf '.TH BAD 1\n.SH NAME\nbad \\- page\n.XX\n' > bad.1
expect_eq "groff warns on a bad page" "$(groff -ww -man -Tutf8 -z bad.1 2>&1 | grep -c warning)" "1"
expect_eq "man warns on a bad page" \
  "$(MANPAGER=cat man --warnings -l bad.1 2>&1 > /dev/null | grep -c warning)" "1"
subs=$("$METRON" --help | awk '/^Subcommands:/{s=1; next} s && NF {print $1}')
expect_eq "subcommands listed by --help" "$([ -n "$subs" ] && echo yes)" "yes"
for sub in "" $subs; do
  page=$MAN/metron${sub:+-$sub}.1
  if [ ! -f "$page" ]; then fail "no man page $page"; continue; fi
  "$METRON" --man $sub > now.1
  if cmp -s now.1 "$page"; then pass "$(basename "$page") is current"; else
    fail "$(basename "$page") differs from metron --man $sub"; fi
  groff -ww -man -Tutf8 -z "$page" > groff.txt 2>&1
  expect_eq "groff -ww: no warnings in $(basename "$page")" "$(cat groff.txt)" ""
  MANPAGER=cat man --warnings -l "$page" > /dev/null 2> man.txt
  expect_eq "man --warnings: no warnings in $(basename "$page")" "$(cat man.txt)" ""
done
expect_eq "no page without a subcommand" "$(ls "$MAN"/*.1 | wc -l)" "$(($(echo $subs | wc -w) + 1))"
finish
