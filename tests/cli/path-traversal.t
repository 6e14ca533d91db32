#!/usr/bin/env bash
# No path made of data leaves --out (issue 30, item 2): library.version
# "1/../../../../elsewhere" in a dataset whose file is not shaped
# .../<series>/<name>/dataset.yaml (so the folder-name check does not run)
# is refused by validate (the schema's pattern) and by render, which writes
# nothing, inside --out or outside. The folder-name check names the field
# that disagrees with the folder: the slug, the version, or both.
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
T=$(tmpdir)
FIXTURE=tests/fixtures/data/demo/examplelib-1.0/dataset.yaml
mkdir -p "$T/a/b/c/d/e/f"
sed 's|^  version: "1.0"|  version: "1/../../../../elsewhere"|' "$FIXTURE" >"$T/a/b/c/d/e/f/evil.yaml"
check "the hostile dataset has the version" grep -q 'version: "1/../../../../elsewhere"' "$T/a/b/c/d/e/f/evil.yaml"

"$CRYPTOPERF" validate --schema schema/dataset.schema.json "$T/a/b/c/d/e/f/evil.yaml" >"$T/validate.log" 2>&1
check "validate: exit 1" [ $? -eq 1 ]
check "validate: the message is at library.version" grep -q "evil.yaml:10:12: library.version: " "$T/validate.log"

OUT=$T/a/b/c/d/e/f/out
"$CRYPTOPERF" render --schema schema/dataset.schema.json --templates templates --out "$OUT" \
  "$T/a/b/c/d/e/f/evil.yaml" >"$T/render.log" 2>&1
check "render: exit 1" [ $? -eq 1 ]
check "render: no file written anywhere under the test folder" \
  [ "$(find "$T" -type f -not -name '*.log' -not -name evil.yaml | wc -l)" -eq 0 ]
check "render: no folder 'elsewhere' made" [ "$(find "$T" -name 'elsewhere*' | wc -l)" -eq 0 ]

# --- the check at the point of writing, without the schema's pattern -----------
sed 's|"pattern": "^\[A-Za-z0-9\]\[A-Za-z0-9._-\]\*\$", "description": "Version string|"description": "Version string|' \
  schema/dataset.schema.json >"$T/lax.schema.json"
check "a schema without the version's pattern" bash -c "! cmp -s schema/dataset.schema.json '$T/lax.schema.json'"
"$CRYPTOPERF" render --schema "$T/lax.schema.json" --templates templates --out "$OUT" \
  "$T/a/b/c/d/e/f/evil.yaml" >"$T/render-lax.log" 2>&1
check "render past a lax schema: exit 2" [ $? -eq 2 ]
check "render past a lax schema: the message names the output folder" \
  grep -qF "cannot write: expected a path inside the output folder $OUT" "$T/render-lax.log"
check "render past a lax schema: no file written anywhere under the test folder" \
  [ "$(find "$T" -type f -not -name '*.log' -not -name evil.yaml -not -name lax.schema.json | wc -l)" -eq 0 ]
check "render past a lax schema: no folder 'elsewhere' made" [ "$(find "$T" -name 'elsewhere*' | wc -l)" -eq 0 ]

# --- the folder-name check names the right field --------------------------------
name_check() { # folder version -> the validate output
  mkdir -p "$T/data/demo/$1"
  sed "s|^  version: \"1.0\"|  version: \"$2\"|" "$FIXTURE" >"$T/data/demo/$1/dataset.yaml"
  "$CRYPTOPERF" validate --schema schema/dataset.schema.json "$T/data/demo/$1/dataset.yaml" 2>&1
}
out=$(name_check examplelib-2.0 1.0)
check "folder examplelib-2.0, version 1.0: blames library.version" grep -q "dataset.yaml:10:12: library.version: expected" <<<"$out"
out=$(name_check otherlib-1.0 1.0)
check "folder otherlib-1.0, version 1.0: blames library.slug" grep -q "dataset.yaml:8:9: library.slug: expected" <<<"$out"
out=$(name_check otherlib-2.0 1.0)
check "folder otherlib-2.0, version 1.0: names both fields" grep -q "library.slug and library.version: expected" <<<"$out"
done_testing
