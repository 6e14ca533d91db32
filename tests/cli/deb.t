#!/usr/bin/env bash
# make deb: dpkg-buildpackage -us -uc -b succeeds (built once, reused while
# its inputs are unchanged), lintian finds no error, the package depends on
# what the programs load and run, holds every installed file, and its
# cryptoperf, unpacked anywhere, validates the committed data and renders
# pages byte-identical to site/.
. "$(dirname "$0")/../lib.sh"
T=$(tmpdir)
mk() { env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -C "$TOP" --no-print-directory "$@"; }

start=$SECONDS
mk deb >"$T/make.log" 2>&1
rc=$?
check "make deb exits 0" [ "$rc" -eq 0 ]
[ "$rc" -eq 0 ] || diag "$(tail -30 "$T/make.log")"
diag "make deb: $((SECONDS - start)) s ($(grep -c '^deb: wrote' "$T/make.log") package built)"
DEB=$TOP/build/deb/cryptoperf_$(dpkg-parsechangelog -l "$TOP/debian/changelog" -S Version)_$(dpkg --print-architecture).deb
check "the package is there: $(basename "$DEB")" [ -f "$DEB" ]

lint=$(lintian --fail-on error "$DEB" 2>&1); rc=$?
check "lintian: no error" [ "$rc" -eq 0 ]
[ -z "$lint" ] || diag "$lint"
no_warning() { ! grep -q '^W: ' <<<"$lint"; }
check "lintian: no warning either" no_warning

depends=$(dpkg-deb -f "$DEB" Depends)
diag "Depends: $depends"
for lib in libyaml-0-2 libcmark-gfm libcsv3 libcurl4 libjansson4 libssl3 libelf1 libc6; do
  check "Depends (shlibs): $lib" grep -q "$lib" <<<"$depends"
done
check "Depends: gnuplot-nox for the charts" grep -q 'gnuplot-nox' <<<"$depends"

files=$(dpkg-deb -c "$DEB" | awk '{ print $6 }')
for f in usr/bin/cryptoperf usr/bin/cryptoperf-run usr/bin/cryptoperf-cycles usr/lib/cryptoperf/cpcycles.so \
         usr/share/man/man1/cryptoperf.1.gz usr/share/man/man1/cryptoperf-run.1.gz \
         usr/share/man/man1/cryptoperf-cycles.1.gz usr/share/cryptoperf/schema/dataset.schema.json \
         usr/share/cryptoperf/templates/html.css usr/share/bash-completion/completions/cryptoperf \
         usr/share/doc/cryptoperf/copyright; do
  check "holds /$f" grep -qx "./$f" <<<"$files"
done
check "holds every template" [ "$(grep -c '^./usr/share/cryptoperf/templates/.*[^/]$' <<<"$files")" -eq "$(find "$TOP/templates" -type f | wc -l)" ]

# unpacked into a folder of its own, run from a folder with only the data
dpkg-deb -x "$DEB" "$T/root"
W=$T/work
mkdir -p "$W" && ln -s "$TOP/data" "$W/data"
out=$(cd "$W" && env -u CRYPTOPERF_SCHEMA -u CRYPTOPERF_DATADIR "$T/root/usr/bin/cryptoperf" validate data/*/*/dataset.yaml 2>&1)
rc=$?
check "the packaged cryptoperf validates the committed data (exit 0)" [ "$rc" -eq 0 ]
[ "$rc" -eq 0 ] || diag "$out"
(cd "$W" && env -u CRYPTOPERF_SCHEMA -u CRYPTOPERF_DATADIR "$T/root/usr/bin/cryptoperf" render --data data --out site >/dev/null 2>&1)
check "... and renders pages byte-identical to site/" diff -r "$W/site" "$TOP/site"
out=$(LC_ALL=C.UTF-8 MANWIDTH=200 man -l "$T/root/usr/share/man/man1/cryptoperf-run.1.gz" 2>&1 | head -5 | tr -s ' ')
check "the runner's man page reads" grep -q 'cryptoperf-run - run benchmark firmware images' <<<"$out"
done_testing
