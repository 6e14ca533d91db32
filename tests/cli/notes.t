#!/usr/bin/env bash
# The notes source (data/notes/<library>.yaml, schema/notes.schema.json):
# a note puts one footnote text under its table and a marker on each row it
# matches, in wikitext, Markdown and HTML, its text escaped for each; a note
# that matches no row is stale, refused by render and validate with its
# file:line:column and nothing written; a match key that names nothing is
# refused; the numbering is the same run after run.
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
GOOD=tests/fixtures/data/demo/examplelib-1.0/dataset.yaml
NOTES=tests/fixtures/notes
PAGE=demo/examplelib-1.0/index

"$CRYPTOPERF" render --notes "$NOTES" --out "$T/out" "$GOOD" 2>"$T/err"
check "render with notes exits 0" test $? -eq 0
[ -s "$T/err" ] && diag "$(cat "$T/err")"
W=$T/out/$PAGE.wiki M=$T/out/$PAGE.md H=$T/out/$PAGE.html

# the AES note matches the encryption and the decryption row: one text,
# two markers, in every format
n=$(grep -o 'Hostile' "$W" | wc -l)
check "wiki: the shared note's text is written once ($n)" test "$n" -eq 1
n=$(grep -o '<ref group="note" name="cp-note-2" />' "$W" | wc -l)
check "wiki: the second row refers back to it by name ($n)" test "$n" -eq 1
check "wiki: the first row carries the named reference with its text" \
  grep -qF '11 667<ref group="note" name="cp-note-2">Hostile' "$W"
n=$(grep -o '\[^note2\]' "$M" | wc -l)
check "Markdown: two markers and one definition of the same footnote ($n)" test "$n" -eq 3
n=$(grep -c '^\[^note2\]: Hostile' "$M")
check "Markdown: the definition once ($n)" test "$n" -eq 1
n=$(grep -o 'href="#note-note-2"' "$H" | wc -l)
check "HTML: both rows link to the note ($n)" test "$n" -eq 2
n=$(grep -o '<li id="note-note-2">' "$H" | wc -l)
check "HTML: the note listed once ($n)" test "$n" -eq 1
n=$(grep -o 'id="ref-note-2"' "$H" | wc -l)
check "HTML: one back-link target, no duplicate id ($n)" test "$n" -eq 1
# the wiki row: the label cell, then the count cell carrying the marker
marked_count='| Small || 12 011<ref group="note" name="cp-note-2" />'
check "the note sits on the count column, not the label" grep -qF "$marked_count" "$W"
fp=$(grep -F '|| 2380 bytes ||' "$W")
check "the footprint row of the same case is there" test -n "$fp"
check "... without a marker (a note without kind: explains performance rows)" bash -c "! grep -q 'cp-note' <<<'$fp'"

# a version range, the series and the core; counts: instructions
check "a note matched by version range, series and core" grep -qF '10 236 845<ref group="note" name="cp-note-3">Signing counts' "$W"

# escaping: the note's markup is text in each format
check "wiki: < > & escaped" grep -qF 'Hostile &lt;b&gt;bold&lt;/b&gt; &amp; ' "$W"
check "wiki: link and template brackets escaped" grep -qF '&#91;&#91;Link&#93;&#93; &#123;&#123;tpl&#125;&#125; &#124; &#39;&#39;&#39;x' "$W"
check "wiki: signature tildes escaped" grep -qF '&#126;&#126;&#126;&#126;' "$W"
check "wiki: an entity in the text stays text" grep -qF 'a&amp;amp;b' "$W"
check "wiki: no raw markup of the note" bash -c "! grep -qE '\[\[Link|<script>|\{\{tpl|~~~~' '$W'"
check "HTML: no element from the note" bash -c "! grep -qE '<b>bold|<script>' '$H'"
check "HTML: the note as text" grep -qF '<li id="note-note-2">Hostile &lt;b&gt;bold&lt;/b&gt; &amp; [[Link]]' "$H"
check "Markdown: the note's markup escaped" grep -qF '[^note2]: Hostile \<b\>bold\</b\> \& \[\[Link\]\]' "$M"
if command -v cmark-gfm >/dev/null; then
  cmark-gfm --extension table --extension footnotes "$M" >"$T/md.html"
  check "Markdown rendered by cmark-gfm: no element from the note" bash -c "! grep -qE '<b>bold|<script>|<em>star' '$T/md.html'"
  check "Markdown rendered by cmark-gfm: the note's own [^note9] is text, not a footnote" grep -qF '[^note9]' "$T/md.html"
else
  skip "Markdown rendered by cmark-gfm" "cmark-gfm is not installed"
fi

# the same numbering every run
"$CRYPTOPERF" render --notes "$NOTES" --out "$T/again" "$GOOD" 2>/dev/null
check "a second render gives the same pages" diff -r "$T/out" "$T/again"

# a stale note: it matches no row of the run
mkdir -p "$T/stale/notes"
sed 's/family: ECDSA$/family: EdDSA/' "$NOTES/examplelib.yaml" >"$T/stale/notes/examplelib.yaml"
line=$(grep -n '^    match:' "$T/stale/notes/examplelib.yaml" | sed -n 2p | cut -d: -f1)
"$CRYPTOPERF" render --notes "$T/stale/notes" --out "$T/out-stale" "$GOOD" 2>"$T/err-stale"
check "render: a stale note, exit 1" test $? -eq 1
check "render: the stale note named at file:line:column" \
  grep -qE "stale/notes/examplelib\.yaml:$((line + 1)):[0-9]+: notes\.match: .*note 'ecdsa-range' is stale" "$T/err-stale"
check "render: a stale note, nothing written" test ! -e "$T/out-stale"
"$CRYPTOPERF" validate "$GOOD" "$T/stale/notes/examplelib.yaml" 2>"$T/err-vstale"
check "validate: a stale note, exit 1" test $? -eq 1
check "validate: the stale note named" grep -qE "examplelib\.yaml:[0-9]+:[0-9]+: notes\.match: .*'ecdsa-range' is stale" "$T/err-vstale"
"$CRYPTOPERF" validate "$GOOD" "$NOTES/examplelib.yaml" 2>"$T/err-vgood"
check "validate: the fixture's notes match its dataset, exit 0" test $? -eq 0
check "validate: says the notes file is valid" grep -q '^1 notes file valid' "$T/err-vgood"

# a match key that names nothing, a note without evidence
mkdir -p "$T/bad/notes"
sed 's/      cipher_mode: CBC/      cipher: CBC/; s/^    evidence: "fixture: one row.*//' "$NOTES/examplelib.yaml" >"$T/bad/notes/examplelib.yaml"
"$CRYPTOPERF" validate "$T/bad/notes/examplelib.yaml" 2>"$T/err-bad"
check "validate: an unknown match key, exit 1" test $? -eq 1
check "validate: the unknown key at its line" grep -qE "examplelib\.yaml:11:7: notes\[0\]\.match" "$T/err-bad"
check "validate: a note without evidence refused" grep -qE "examplelib\.yaml:[0-9]+:[0-9]+: notes\[1\].*evidence" "$T/err-bad"
"$CRYPTOPERF" render --notes "$T/bad/notes" --out "$T/out-bad" "$GOOD" 2>/dev/null
check "render: invalid notes, exit 1" test $? -eq 1
check "render: invalid notes, nothing written" test ! -e "$T/out-bad"

# a note about a series the run does not have: not judged on a part of the
# data, stale in a render of all of it
mkdir -p "$T/other/notes"
sed 's/      series: demo/      series: elsewhere/' "$NOTES/examplelib.yaml" >"$T/other/notes/examplelib.yaml"
"$CRYPTOPERF" render --notes "$T/other/notes" --out "$T/out-other" "$GOOD" 2>"$T/err-other"
check "render of named datasets: a note about another series is not stale (exit 0)" test $? -eq 0
"$CRYPTOPERF" validate "$GOOD" "$T/other/notes/examplelib.yaml" 2>/dev/null
check "validate: a note about a series not given is not stale (exit 0)" test $? -eq 0
mkdir -p "$T/data2/demo" && cp -R tests/fixtures/data/demo/examplelib-1.0 "$T/data2/demo/" && cp -R "$T/other/notes" "$T/data2/notes"
"$CRYPTOPERF" render --data "$T/data2" --out "$T/out-data2" 2>"$T/err-data2"
check "render of all of --data: a note about a series it lacks is stale (exit 1)" test $? -eq 1
check "... named at its match" grep -qE "notes/examplelib\.yaml:[0-9]+:[0-9]+: notes\.match: .*'ecdsa-range' is stale" "$T/err-data2"

# --notes of a folder without notes is a usage error; a render of all of
# --data picks up DIR/notes by itself
mkdir -p "$T/empty"
"$CRYPTOPERF" render --notes "$T/empty" --out "$T/out-empty" "$GOOD" 2>/dev/null
check "--notes of a folder without notes: exit 2" test $? -eq 2
mkdir -p "$T/data/demo" && cp -R tests/fixtures/data/demo/examplelib-1.0 "$T/data/demo/" && cp -R "$T/stale/notes" "$T/data/notes"
"$CRYPTOPERF" render --data "$T/data" --out "$T/out-data" 2>"$T/err-data"
check "render --data DIR reads DIR/notes (its stale note: exit 1)" test $? -eq 1
done_testing
