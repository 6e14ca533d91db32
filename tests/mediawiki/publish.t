#!/usr/bin/env bash
# cryptoperf publish against a real MediaWiki (Debian's, served on 127.0.0.1
# by tests/mediawiki/wiki.sh): end to end, idempotence, failures. Reads the
# wiki back through its API and checks MediaWiki's own HTML with wikicheck.
set -u
source "$(dirname "$0")/../lib.sh"
source "$TOP/tests/mediawiki/wiki.sh"
start=$SECONDS
FIX=$TOP/tests/fixtures/wiki
CMOX=$FIX/stm32l5/cmox-5.0.0
LABELS=$FIX/stm32l5/labels-1.0
T_CMOX=Cryptoperf/stm32l5/cmox-5.0.0
T_LABELS=Cryptoperf/stm32l5/labels-1.0
CHART="Cryptolib STM32L552 AES CBC SB Enc.svg"

wiki_up_tap
work=$WIKI_DIR/work
mkdir -p "$work"

publish() { "$CRYPTOPERF" publish --api "$WIKI_API" --user "$WIKI_USER" "$@"; }
# state QUESTION...: the answers on one line (see tests/mediawiki/wikistate)
state() { "$TOP/tests/mediawiki/wikistate" "$WIKI_API" "$@" | paste -sd' '; }
wikicheck() { "$TOP/tests/mediawiki/wikicheck" --api "$WIKI_API" --user "$WIKI_USER" --password-file "$WIKI_PASSFILE" "$@"; }
# expect STATUS OUTFILE DESCRIPTION -- COMMAND...: runs it, output (both
# streams) to OUTFILE, passes when it exits with STATUS.
expect() {
  local want=$1 out=$2 d=$3; shift 4
  "$@" >"$out" 2>&1
  local rc=$?
  if [ "$rc" -eq "$want" ]; then ok "$d"; else fail "$d (exit $rc, expected $want)"; sed 's/^/# /' "$out"; fi
}
has() { if grep -q -- "$2" "$1"; then ok "$3"; else fail "$3 (no '$2' in output)"; sed 's/^/# /' "$1"; fi; }

# --- usage: refused before anything is sent ---------------------------------
expect 0 "$work/help" "help publish prints the usage" -- "$CRYPTOPERF" help publish
has "$work/help" "password-file" "the usage names --password-file"
expect 2 "$work/pw" "a password on the command line is refused" -- publish --password secret "$CMOX"
has "$work/pw" "refused" "the refusal says why"
expect 2 "$work/pw2" "--password=… is refused too" -- publish --password=secret "$CMOX"
expect 2 "$work/nopw" "no password file and no environment variable: usage error" \
  -- env -u CRYPTOPERF_WIKI_PASSWORD "$CRYPTOPERF" publish --api "$WIKI_API" --user "$WIKI_USER" "$CMOX"
expect 2 "$work/noindex" "a folder without index.wiki: usage error" -- publish --password-file "$WIKI_PASSFILE" "$work"
has "$work/noindex" "index.wiki" "the message names the missing index.wiki"
mkdir -p "$work/dup/a/one" "$work/dup/b/two"
cp "$CMOX/index.wiki" "$CMOX/$CHART" "$work/dup/a/one/"
cp "$CMOX/index.wiki" "$work/dup/b/two/"
sed 's/#1f77b4/#000000/' "$CMOX/$CHART" >"$work/dup/b/two/$CHART"
expect 1 "$work/dup.out" "one chart name with two contents in two sets: invalid data" \
  -- publish --password-file "$WIKI_PASSFILE" "$work/dup/a/one" "$work/dup/b/two"
mkdir -p "$work/names/a/stm32l5/x" "$work/names/b/stm32l5/x"
echo "one" >"$work/names/a/stm32l5/x/index.wiki"
echo "two" >"$work/names/b/stm32l5/x/index.wiki"
expect 1 "$work/names.out" "two sets with one name (one page title): invalid data" \
  -- publish --password-file "$WIKI_PASSFILE" "$work/names/a/stm32l5/x" "$work/names/b/stm32l5/x"
has "$work/names.out" "both are page set stm32l5/x" "the message names the clash"
: >"$work/empty-password"
expect 2 "$work/emptypw" "an empty password file: usage error" -- publish --password-file "$work/empty-password" "$CMOX"
expect 0 "$work/nothing" "after the refusals nothing is on the wiki" \
  -- test "$(state "revisions:$T_CMOX" "versions:$CHART")" = "0 0"

# --- end to end ---------------------------------------------------------------
t0=$SECONDS
expect 0 "$work/first" "publish two page sets" -- publish --password-file "$WIKI_PASSFILE" "$CMOX" "$LABELS"
diag "first publish: $((SECONDS - t0)) s"
has "$work/first" "charts: 2 uploaded, 0 unchanged, of 2; pages: 2 edited, 0 unchanged, of 2" "the report counts 2 uploads and 2 edits"
FP="Cryptolib STM32L552 AES CBC SB Enc FP.svg"
mapfile -t got < <("$TOP/tests/mediawiki/wikistate" "$WIKI_API" "revisions:$T_CMOX" "revisions:$T_LABELS" \
  "sha1:$CHART" "sha1:$FP" "comment:$T_CMOX")
check "both pages exist with one revision each" test "${got[0]:-} ${got[1]:-}" = "1 1"
check "File:$CHART is on the wiki with the local SHA-1" test "${got[2]:-}" = "$(sha1sum <"$CMOX/$CHART" | cut -d' ' -f1)"
check "File:$FP is on the wiki with the local SHA-1" test "${got[3]:-}" = "$(sha1sum <"$CMOX/$FP" | cut -d' ' -f1)"
check "the edit summary names dataset and version (${got[4]:-})" \
  test "${got[4]:-}" = "cryptoperf publish: dataset stm32l5/cmox-5.0.0, version 5.0.0"
expect 0 "$work/check-cmox" "MediaWiki renders the tables, headings and charts of $T_CMOX" \
  -- wikicheck --no-save --title "$T_CMOX" --expect-rows 2,2,4,3 "$CMOX/index.wiki"
has "$work/check-cmox" "4 tables (2,2,4,3 rows), 7 headings, 2 images" "wikicheck counted what the fixture holds"
expect 0 "$work/check-labels" "escaped labels render as text, no stray markup" \
  -- wikicheck --no-save --title "$T_LABELS" --expect-text 'a|b {{x}} [[y]]' \
  --expect-text "''not italic'' ~~~~ <b>not bold</b> &amp; __NOTOC__" --expect-text 'h!!d || e' \
  "$LABELS/index.wiki"
expect 1 "$work/check-neg" "wikicheck rejects the same labels unescaped (negative control)" \
  -- wikicheck --title Wikicheck/unescaped --expect-text 'a|b {{x}} [[y]]' "$FIX/negative/unescaped-1.0/index.wiki"
has "$work/check-neg" "red link" "the rejection names the red links an unescaped [[…]] and {{…}} make"

expect 0 "$work/check-pages" "check-pages publishes and checks a fixture set" \
  -- "$TOP/tests/mediawiki/check-pages" "$CMOX/"
has "$work/check-pages" "Checked/stm32l5/cmox-5.0.0: ok" "check-pages checked the page under its own prefix"
mkdir -p "$work/rows/stm32l5"
cp -r "$CMOX" "$work/rows/stm32l5/"
echo "2,2,4,3" >"$work/rows/stm32l5/cmox-5.0.0/index.wiki.rows"
expect 0 "$work/check-rows" "check-pages passes the row counts of index.wiki.rows on" \
  -- "$TOP/tests/mediawiki/check-pages" "$work/rows/stm32l5/cmox-5.0.0"
echo "2,2,5,3" >"$work/rows/stm32l5/cmox-5.0.0/index.wiki.rows"
expect 1 "$work/check-rows-neg" "check-pages fails when the rendered rows differ from index.wiki.rows" \
  -- "$TOP/tests/mediawiki/check-pages" "$work/rows/stm32l5/cmox-5.0.0"
expect 1 "$work/check-pages-neg" "check-pages fails on the unescaped set (negative control)" \
  -- "$TOP/tests/mediawiki/check-pages" "$FIX/negative/unescaped-1.0"

expect 1 "$work/check-lost" "wikicheck --expect-rows sees a row lost to '|-5' (negative control)" \
  -- wikicheck --title Wikicheck/lost-row --expect-rows 4 "$FIX/negative/lost-row-1.0/index.wiki"
has "$work/check-lost" "rows per table rendered \[2\], expected \[4\]" "the message gives both row counts"

# --- the same set again: nothing changes -------------------------------------
revs_before=$(state "revisions:$T_CMOX" "revisions:$T_LABELS" "versions:$CHART" "versions:$FP")
t0=$SECONDS
# exported, not on a command line, where `ps` would show it
export CRYPTOPERF_WIKI_PASSWORD; CRYPTOPERF_WIKI_PASSWORD=$(cat "$WIKI_PASSFILE")
expect 0 "$work/second" "publish the same sets again (password from the environment)" \
  -- publish "$CMOX" "$LABELS"
unset CRYPTOPERF_WIKI_PASSWORD
diag "second publish: $((SECONDS - t0)) s"
has "$work/second" "charts: 0 uploaded, 2 unchanged, of 2; pages: 0 edited, 2 unchanged, of 2" "the second run reports nothing changed"
check "revision and file version counts unchanged ($revs_before)" \
  test "$(state "revisions:$T_CMOX" "revisions:$T_LABELS" "versions:$CHART" "versions:$FP")" = "$revs_before"

# --- a changed set: only what changed is sent ----------------------------------
mkdir -p "$work/changed/stm32l5"
cp -r "$CMOX" "$work/changed/stm32l5/"
sed -i 's/| 3742 |/| 3743 |/' "$work/changed/stm32l5/cmox-5.0.0/index.wiki"
sed -i 's/#1f77b4/#d62728/' "$work/changed/stm32l5/cmox-5.0.0/$CHART"
expect 0 "$work/third" "publish a set with one changed page and one changed chart" \
  -- publish --password-file "$WIKI_PASSFILE" "$work/changed/stm32l5/cmox-5.0.0"
has "$work/third" "charts: 1 uploaded, 1 unchanged, of 2; pages: 1 edited, 0 unchanged, of 1" "only the changed chart and page were sent"
check "the page has a second revision, the chart a second version" \
  test "$(state "revisions:$T_CMOX" "versions:$CHART")" = "2 2"

# --- many charts: their SHA-1s are asked 50 to a request ----------------------
# 61 charts, two of them under names MediaWiki normalises (a first letter
# in lower case, an underscore), so the answers must be matched through
# the API's "normalized" list; then one chart of the second request
# changes and only it is sent.
many=$work/many/stm32l5/many-1.0
mkdir -p "$many"
printf '== Many ==\n' >"$many/index.wiki"
for i in $(seq -w 1 59); do
  sed "s/#1f77b4/#1f77$i/" "$CMOX/$CHART" >"$many/Many chart $i.svg"
done
sed 's/#1f77b4/#1f7760/' "$CMOX/$CHART" >"$many/lower first letter.svg"
sed 's/#1f77b4/#1f7761/' "$CMOX/$CHART" >"$many/Under_score.svg"
expect 0 "$work/many1" "publish a set of 61 charts" -- publish --password-file "$WIKI_PASSFILE" "$work/many/stm32l5/many-1.0"
has "$work/many1" "charts: 61 uploaded, 0 unchanged, of 61" "all 61 are sent the first time"
expect 0 "$work/many2" "publish the 61 charts again" -- publish --password-file "$WIKI_PASSFILE" "$work/many/stm32l5/many-1.0"
has "$work/many2" "charts: 0 uploaded, 61 unchanged, of 61" "the second time none is sent (normalised names matched too)"
sed -i 's/#1f7755/#1f7799/' "$many/Many chart 55.svg"
expect 0 "$work/many3" "publish after one chart of the second request changed" \
  -- publish --password-file "$WIKI_PASSFILE" "$work/many/stm32l5/many-1.0"
has "$work/many3" "charts: 1 uploaded, 60 unchanged, of 61" "only the changed chart is sent"
has "$work/many3" "uploaded   File:Many chart 55.svg" "and it is chart 55"

# --- failures ------------------------------------------------------------------
echo "not-the-password" >"$work/badpass"
expect 3 "$work/bad" "bad credentials: exit 3" -- publish --password-file "$work/badpass" "$CMOX"
has "$work/bad" "login as $WIKI_USER refused" "the message says the login was refused"
has "$work/bad" "nothing published" "and that nothing was published"
check "bad credentials changed nothing" test "$(state "revisions:$T_CMOX" "versions:$CHART")" = "2 2"

closed=$(wiki_free_port)
expect 3 "$work/closed" "an API URL on a closed port: exit 3" \
  -- "$CRYPTOPERF" publish --api "http://127.0.0.1:$closed/api.php" --user "$WIKI_USER" --password-file "$WIKI_PASSFILE" "$CMOX"
has "$work/closed" "cannot reach http://127.0.0.1:$closed/api.php" "the message names the unreachable URL"

# A title MediaWiki refuses ('[' is not allowed): charts go up, the page edit
# fails, the report says what was done.
expect 3 "$work/badtitle" "an API error on the page: exit 3" \
  -- publish --password-file "$WIKI_PASSFILE" --prefix "Bad[" "$CMOX"
has "$work/badtitle" "invalid title" "the message names the API's reason"
has "$work/badtitle" "charts: 1 uploaded, 1 unchanged, of 2; pages: 0 edited, 0 unchanged, of 1" "the report counts what was done before"
has "$work/badtitle" "not published: 0 chart(s), 1 page(s)" "and what was not"
check "the page published before is intact" test "$(state "revisions:$T_CMOX")" = 2

diag "publish.t took $((SECONDS - start)) s"
done_testing
