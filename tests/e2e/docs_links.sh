# The documentation is true to the repository: every relative link in README.md and docs/*.md
# reaches a file or folder (and a #fragment a heading of that file), and no page cites a file
# that is not in the repository (papers are cited by title).
source "$(dirname "$0")/lib.sh"
cd "$SRC"
# GitHub's anchor of a heading: lower case, punctuation other than '-' and '_' dropped, spaces
# turned into '-'.
anchors() {
  grep '^#' "$1" | sed 's/^#* *//' | tr 'A-Z' 'a-z' | sed 's/[^[:alnum:] _-]//g; s/ /-/g'
}
links=0
for page in README.md docs/*.md; do
  dir=$(dirname "$page")
  # Inline links [text](target), outside code spans and fenced blocks.
  while IFS= read -r target; do
    case "$target" in http://* | https://* | mailto:*) continue ;; esac
    links=$((links + 1))
    file=${target%%#*}
    fragment=${target#"$file"}
    fragment=${fragment#\#}
    path=$page
    [ -n "$file" ] && path=$dir/$file
    if [ ! -e "$path" ]; then
      fail "$page: link '$target': no such file"
      continue
    fi
    if [ -n "$fragment" ] && ! anchors "$path" | grep -qx -- "$fragment"; then
      fail "$page: link '$target': no heading '#$fragment' in $path"
    fi
  done < <(awk '/^```/{code = !code; next} !code' "$page" | sed 's/`[^`]*`//g' |
    grep -o '\]([^) ]*)' | sed 's/^](//; s/)$//')
done
expect_eq "some links were checked" "$([ $links -gt 20 ] && echo yes)" "yes"
echo "checked $links relative links"
# Files outside the repository that earlier drafts cited.
cited=$(grep -rnE 'anchors\.md|seed-[a-z-]+\.(md|txt)|DESIGN\.md|STYLE\.md|shared/reference' \
  README.md docs examples stdlib-benchmarks || true)
expect_eq "no citation of files outside the repository" "$cited" ""
# No stray scripts at the root: .bench files live in examples/, stdlib-benchmarks/ or tests/.
expect_eq "no script at the repository root" "$(ls *.bench *.ski *.inc 2> /dev/null)" ""
finish
