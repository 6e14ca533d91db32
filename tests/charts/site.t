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

# one xmllint, one pass for the shape and one rsvg-convert (a PDF page per
# chart) for all: starting a program per chart was 3 minutes of this test
mapfile -d '' -t svgs < <(find site tests/golden/expected -name '*.svg' -print0 | sort -z)
xmllint --noout "${svgs[@]}" 2>"$T/err"
rc=$?
check "every SVG is well-formed (xmllint, ${#svgs[@]} files)" [ "$rc" -eq 0 ]
[ "$rc" -eq 0 ] || diag "$(head -5 "$T/err")"
perl -e 'for my $f (@ARGV) {
  open my $fh, "<", $f or die "$f: $!\n"; local $/; my $s = <$fh>;
  my $titles = () = $s =~ /<title>/g;
  print "$f: no viewBox\n" unless $s =~ /viewBox=/;
  print "$f: $titles <title> elements, expected 1\n" unless $titles == 1;
}' "${svgs[@]}" >"$T/shape" 2>&1
check "every SVG has a viewBox and one <title>" [ ! -s "$T/shape" ]
[ -s "$T/shape" ] && diag "$(head -5 "$T/shape")"
rsvg-convert -f pdf -o "$T/all.pdf" "${svgs[@]}" 2>"$T/err"
rc=$?
check "rsvg-convert draws every SVG" [ "$rc" -eq 0 ]
check "rsvg-convert has no warning about any SVG" [ ! -s "$T/err" ]
[ -s "$T/err" ] && diag "$(head -5 "$T/err")"
done_testing
