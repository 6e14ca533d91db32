#!/usr/bin/env bash
# The charts of the generated pages (site/ and the golden pages): every
# chart a page refers to exists next to it, every chart file is referred to
# by both the wiki and the Markdown page, and every SVG is well-formed,
# static and renders with rsvg-convert without a warning.
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT

# One perl a page folder, not a grep per chart and page (7 000 programs,
# 105 s of this test): prints "svg", "missing" or "unref" and a note per
# line. A chart's Markdown link is its name with only these characters
# escaped (chart_name.c allows no others).
refs() {
  perl -e 'my $d = shift;
    sub slurp { open my $fh, "<", $_[0] or die "$_[0]: $!\n"; local $/; my $s = <$fh>; $s }
    my $wiki = slurp("$d/index.wiki"); my $md = slurp("$d/index.md");
    while ($wiki =~ /^\[\[File:([^]|\n]*)/mg) {
      print "missing\t$d: [[File:$1]] has no file\n" unless -f "$d/$1";
    }
    opendir my $dh, $d or die "$d: $!\n";
    for my $name (sort grep { /\.svg\z/ } readdir $dh) {
      print "svg\t$name\n";
      (my $url = $name) =~ s/([ +,()])/sprintf("%%%02X", ord $1)/ge;
      print "unref\t$d: $name not in index.wiki\n" if index($wiki, "[[File:$name|") < 0;
      print "unref\t$d: $name not in index.md\n" if index($md, "]($url)") < 0;
    }' "$1"
}

dirs=$(find site tests/golden/expected -name index.wiki -exec dirname {} \; | sort)
nsvg=0
for d in $dirs; do
  found=$(refs "$d") || { fail "$d: its pages and charts can be read"; continue; }
  nsvg=$((nsvg + $(grep -c '^svg' <<<"$found")))
  missing=$(grep -c '^missing' <<<"$found")
  unref=$(grep -c '^unref' <<<"$found")
  grep -E '^(missing|unref)' <<<"$found" | cut -f2- | while IFS= read -r line; do diag "$line"; done
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
