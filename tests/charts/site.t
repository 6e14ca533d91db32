#!/usr/bin/env bash
# The charts of the generated pages (site/ and the golden pages): every
# chart a page refers to exists next to it, every chart file is referred to
# by both the wiki and the Markdown page, and every SVG is well-formed,
# static and renders with rsvg-convert without a warning.
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT

# the Markdown link of a chart name (chart_name.c: only these characters)
url() { sed -e 's/ /%20/g; s/+/%2B/g; s/,/%2C/g; s/(/%28/g; s/)/%29/g' <<<"$1"; }

dirs=$(find site tests/golden/expected -name index.wiki -exec dirname {} \; | sort)
nsvg=0
for d in $dirs; do
  missing=0 unref=0
  while IFS= read -r name; do
    [ -f "$d/$name" ] || { missing=$((missing + 1)); diag "$d: [[File:$name]] has no file"; }
  done < <(grep -o '^\[\[File:[^]|]*' "$d/index.wiki" | sed 's/^\[\[File://')
  while IFS= read -r -d '' f; do
    name=$(basename "$f")
    nsvg=$((nsvg + 1))
    grep -qF "[[File:$name|" "$d/index.wiki" || { unref=$((unref + 1)); diag "$d: $name not in index.wiki"; }
    grep -qF "]($(url "$name"))" "$d/index.md" || { unref=$((unref + 1)); diag "$d: $name not in index.md"; }
  done < <(find "$d" -maxdepth 1 -name '*.svg' -print0)
  check "$d: every chart referred to exists" [ "$missing" -eq 0 ]
  check "$d: every chart file is referred to" [ "$unref" -eq 0 ]
done
check "the st pages have charts ($nsvg SVG files)" [ "$(find site -name '*.svg' | wc -l)" -gt 0 ]

bad=0
while IFS= read -r -d '' f; do
  xmllint --noout "$f" 2>"$T/err" || { bad=1; diag "$f: $(head -3 "$T/err")"; }
  grep -q 'viewBox=' "$f" && [ "$(grep -c '<title>' "$f")" -eq 1 ] || { bad=1; diag "$f: viewBox or <title>"; }
  rsvg-convert -o "$T/x.png" "$f" 2>"$T/err" && [ ! -s "$T/err" ] || { bad=1; diag "$f: $(head -3 "$T/err")"; }
done < <(find site tests/golden/expected -name '*.svg' -print0)
check "every SVG is well-formed, has viewBox and <title>, renders without a warning" [ "$bad" -eq 0 ]
done_testing
