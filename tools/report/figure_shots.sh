#!/usr/bin/env bash
# Screenshots of the figures of a Metron report, one PNG per figure kind (the first figure of
# each kind), taken with headless Chromium: how docs/report.md's pictures are made.
#   tools/report/figure_shots.sh REPORT.html OUT_DIR [CHROMIUM]
# Each figure is cut out of the page (they are written from `<figure` to `</figure>` lines)
# into a page of its own with the report's style, then photographed at 800 px wide.
set -euo pipefail
report=$1
out=$2
chromium=${3:-chromium}
mkdir -p "$out"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/metron-shots.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
style=$(awk '/<style>/{s=1} s{print} /<\/style>/{exit}' "$report")
for kind in $(grep -o 'data-kind="[a-z]*"' "$report" | sort -u | sed 's/data-kind="\(.*\)"/\1/'); do
  page="$tmp/$kind.html"
  {
    echo '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>'"$kind"'</title>'
    echo "$style"
    echo '</head><body style="margin:8px;max-width:none">'
    awk -v k="data-kind=\"$kind\"" 'index($0, "<figure") && index($0, k) {on=1} on {print} on && /<\/figure>/ {exit}' "$report"
    echo '</body></html>'
  } > "$page"
  timeout 120 "$chromium" --headless --no-sandbox --disable-gpu --disable-background-networking \
    --disable-component-update --disable-sync --no-first-run --hide-scrollbars \
    --user-data-dir="$tmp/profile-$kind" --window-size=800,560 \
    --screenshot="$out/$kind.png" "file://$page" > /dev/null 2>&1
  echo "$out/$kind.png"
done
