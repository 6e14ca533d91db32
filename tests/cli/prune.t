#!/usr/bin/env bash
# cryptoperf render --prune deletes only what render itself wrote in the
# folder (issue 30, item 5): the files of OUT/.cryptoperf-manifest, written
# with every render, that this run did not write (the pages of a removed
# dataset, its diff pages, its charts); folders left empty go. Nothing
# else: a README or a page put there by hand stays, a folder with files and
# no manifest (`--prune --out .` in a checkout) is refused with nothing
# written or deleted, a manifest that is a symlink is refused, a folder on
# a listed path swapped for a symlink is not followed, a listed file that
# became a symlink is left, a listed path with '..' is ignored. --prune
# with named datasets is a usage error; a failed run prunes nothing.
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
T=$(tmpdir)
mkdir -p "$T/data/demo"
cp -R tests/fixtures/data/demo/examplelib-1.0 "$T/data/demo/"
mkdir -p "$T/data/demo/examplelib-0.9"
sed 's/^  version: "1.0"/  version: "0.9"/' tests/fixtures/data/demo/examplelib-1.0/dataset.yaml \
  >"$T/data/demo/examplelib-0.9/dataset.yaml"
D=tests/fixtures/data/demo/examplelib-1.0/dataset.yaml
M=$T/site/.cryptoperf-manifest
files() { (cd "$1" && find . -type f -o -type l | sort); }

"$CRYPTOPERF" render --data "$T/data" --out "$T/site" 2>"$T/err0"
check "first render (two versions) exits 0" test $? -eq 0
check "it wrote the manifest" test -s "$M"
check "the manifest lists the old version's page" grep -qx "demo/examplelib-0.9/index.md" "$M"
check "the manifest lists the diff page" grep -qx "demo/diff-examplelib-0.9-to-1.0/index.html" "$M"
check "the manifest does not list itself" bash -c "! grep -q cryptoperf-manifest '$M'"
check "the manifest lists every file of the run (all but itself)" \
  test "$(grep -vc '^#' "$M")" -eq "$(($(find "$T/site" -type f | wc -l) - 1))"
echo mine >"$T/site/demo/examplelib-0.9/README.txt"
echo "by hand" >"$T/site/demo/handmade.md"

rm -r "$T/data/demo/examplelib-0.9"
"$CRYPTOPERF" render --data "$T/data" --out "$T/site" 2>"$T/err1a"
check "a render without --prune: exit 0" test $? -eq 0
check "... the old version's pages stay, still listed (a later --prune removes them)" \
  grep -qx "demo/examplelib-0.9/index.md" "$M"
"$CRYPTOPERF" render --prune --data "$T/data" --out "$T/site/" 2>"$T/err1"
check "render --prune exits 0" test $? -eq 0
check "the old version's page is gone" test ! -e "$T/site/demo/examplelib-0.9/index.md"
check "the diff page's folder is gone (left empty)" test ! -e "$T/site/demo/diff-examplelib-0.9-to-1.0"
check "a file put there by hand stays, in its folder" test -s "$T/site/demo/examplelib-0.9/README.txt"
check "a page made by hand stays" test -s "$T/site/demo/handmade.md"
check "it says how many it removed" grep -q 'removed [1-9][0-9]* stale files under' "$T/err1"
check "the manifest no longer lists them" bash -c "! grep -q 'examplelib-0.9' '$M'"

"$CRYPTOPERF" render --prune --data "$T/data" --out "$T/site" 2>"$T/err2"
check "a second prune removes nothing" bash -c "! grep -q removed '$T/err2'"

"$CRYPTOPERF" render --prune --out "$T/site" "$D" >/dev/null 2>"$T/err3"
check "--prune with a named dataset: exit 2" test $? -eq 2
check "--prune with a named dataset: says why" grep -q 'takes no DATASET' "$T/err3"

# --- the issue's case: --prune --out . in a checkout --------------------------------
mkdir -p "$T/checkout/docs"
echo "# Read me" >"$T/checkout/README.md"
echo "<p>doc</p>" >"$T/checkout/docs/guide.html"
echo "<svg/>" >"$T/checkout/docs/logo.svg"
files "$T/checkout" >"$T/checkout-before"
(cd "$T/checkout" && "$CRYPTOPERF" render --prune --data "$T/data" --templates "$TOP/templates" \
  --schema "$TOP/schema/dataset.schema.json" --out .) >/dev/null 2>"$T/err4"
check "--prune into a folder without a manifest: exit 2" test $? -eq 2
check "... it says why" grep -q -- "--prune refused: the folder has files and no .cryptoperf-manifest" "$T/err4"
files "$T/checkout" >"$T/checkout-after"
check "... nothing deleted, nothing written" cmp -s "$T/checkout-before" "$T/checkout-after"

# --- symlinks --------------------------------------------------------------------------
cp -R tests/fixtures/data/demo/examplelib-1.0 "$T/data/demo/examplelib-0.8"
sed -i 's/^  version: "1.0"/  version: "0.8"/' "$T/data/demo/examplelib-0.8/dataset.yaml"
"$CRYPTOPERF" render --data "$T/data" --out "$T/site" 2>/dev/null
check "a third version rendered" test -s "$T/site/demo/examplelib-0.8/index.md"
# its folder moved out and replaced by a symlink to it; the diff page's
# index.md replaced by a symlink to a file outside
mkdir -p "$T/outside"
mv "$T/site/demo/examplelib-0.8" "$T/outside/"
ln -s "$T/outside/examplelib-0.8" "$T/site/demo/examplelib-0.8"
echo "outside" >"$T/outside/victim.md"
rm "$T/site/demo/diff-examplelib-0.8-to-1.0/index.md"
ln -s "$T/outside/victim.md" "$T/site/demo/diff-examplelib-0.8-to-1.0/index.md"
files "$T/outside" >"$T/outside-before"
printf '../outside/victim.md\ndemo/../../outside/victim.md\n' >>"$M"
rm -r "$T/data/demo/examplelib-0.8"
"$CRYPTOPERF" render --prune --data "$T/data" --out "$T/site" 2>"$T/err5"
check "prune past symlinks: exit 0" test $? -eq 0
files "$T/outside" >"$T/outside-after"
check "... nothing outside the folder deleted (no symlink followed, no '..' path taken)" \
  cmp -s "$T/outside-before" "$T/outside-after"
check "... the swapped folder's symlink left, and said" grep -q "examplelib-0.8/index.md: not removed: a folder on its path is not a folder" "$T/err5"
check "... the listed file that became a symlink is left" test -L "$T/site/demo/diff-examplelib-0.8-to-1.0/index.md"
check "... the diff page's other files removed" test ! -e "$T/site/demo/diff-examplelib-0.8-to-1.0/index.html"

rm "$M" && ln -s "$T/outside/victim.md" "$M"
"$CRYPTOPERF" render --prune --data "$T/data" --out "$T/site" >/dev/null 2>"$T/err6"
check "a manifest that is a symlink: exit 2" test $? -eq 2
check "... it says so" grep -q "cannot read the manifest: expected a regular file, found a symbolic link" "$T/err6"
check "... the file it points to unchanged" grep -qx outside "$T/outside/victim.md"
rm "$M"

# --- a failed run prunes nothing ------------------------------------------------------
rm -rf "$T/site2"
"$CRYPTOPERF" render --data "$T/data" --out "$T/site2" 2>/dev/null
mkdir -p "$T/data/demo/examplelib-0.7"
sed 's/^  version: "1.0"/  version: "0.7"/' "$D" >"$T/data/demo/examplelib-0.7/dataset.yaml"
"$CRYPTOPERF" render --data "$T/data" --out "$T/site2" 2>/dev/null
rm -r "$T/data/demo/examplelib-0.7"
sed -i 's/^    key_bits: 128$/    key_bits: -128/' "$T/data/demo/examplelib-1.0/dataset.yaml"
"$CRYPTOPERF" render --prune --data "$T/data" --out "$T/site2" >/dev/null 2>&1
check "invalid data: exit 1" test $? -eq 1
check "invalid data: nothing pruned" test -e "$T/site2/demo/examplelib-0.7/index.md"
done_testing
