#!/usr/bin/env bash
# make install into a DESTDIR, then the installed cryptoperf, run from a
# folder that has nothing but the committed data, finds its installed schema
# and templates and renders pages byte-identical to site/; make uninstall
# takes every file away again.
. "$(dirname "$0")/../lib.sh"
T=$(tmpdir)
STAGE=$T/stage
P=$STAGE/usr/local   # the default PREFIX, which make test has built for
# make from a test: not part of the calling make's jobserver
mk() { env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -C "$TOP" --no-print-directory "$@"; }

mk install DESTDIR="$STAGE" >"$T/install.log" 2>&1
rc=$?
check "make install DESTDIR=... exits 0" [ "$rc" -eq 0 ]
[ "$rc" -eq 0 ] || diag "$(tail -20 "$T/install.log")"
check "bindir: cryptoperf, executable" [ -x "$P/bin/cryptoperf" ]
check "bindir: cryptoperf-run, executable" [ -x "$P/bin/cryptoperf-run" ]
check "bindir: cryptoperf-cycles, executable" [ -x "$P/bin/cryptoperf-cycles" ]
check "libdir: the cycle model's plugin" cmp -s "$P/lib/cryptoperf/cpcycles.so" "$TOP/build/cycles/cpcycles.so"
check "mandir: cryptoperf-cycles.1" cmp -s "$P/share/man/man1/cryptoperf-cycles.1" "$TOP/firmware/cycles/cryptoperf-cycles.1"
check "mandir: cryptoperf.1" cmp -s "$P/share/man/man1/cryptoperf.1" "$TOP/gen/cryptoperf.1"
check "mandir: cryptoperf-run.1" cmp -s "$P/share/man/man1/cryptoperf-run.1" "$TOP/firmware/runner/cryptoperf-run.1"
check "datadir: the schema" cmp -s "$P/share/cryptoperf/schema/dataset.schema.json" "$TOP/schema/dataset.schema.json"
check "datadir: the notes schema beside it (render --notes, validate of notes files)" cmp -s "$P/share/cryptoperf/schema/notes.schema.json" "$TOP/schema/notes.schema.json"
check "datadir: the templates, every file" diff -r "$P/share/cryptoperf/templates" "$TOP/templates"
check "bash completion" cmp -s "$P/share/bash-completion/completions/cryptoperf" "$TOP/gen/bash-completion/cryptoperf"
check "installed files are not writable by others" \
  [ -z "$(find "$STAGE" -type f -perm /022)" ]

# a folder with only the data: no schema/, no templates/ to fall back on
W=$T/work
mkdir -p "$W" && ln -s "$TOP/data" "$W/data"
run() { (cd "$W" && env -u CRYPTOPERF_SCHEMA -u CRYPTOPERF_DATADIR "$@"); }
out=$(run "$P/bin/cryptoperf" validate data/*/*/dataset.yaml 2>&1); rc=$?
check "installed cryptoperf validates the committed data from another folder" [ "$rc" -eq 0 ]
[ "$rc" -eq 0 ] || diag "$out"
out=$(run "$P/bin/cryptoperf" render --data data --out site 2>&1); rc=$?
check "installed cryptoperf renders the committed data" [ "$rc" -eq 0 ]
[ "$rc" -eq 0 ] || diag "$out"
check "... byte-identical to site/" diff -r "$W/site" "$TOP/site"

# the installed runner finds the installed schema from another folder: an
# empty manifest gets as far as "no image to run", past the schema
printf '#image\tkind\tboard\tmachine\ticount_shift\ttimeout_s\tlibrary\tversion\tpackage\tconfiguration\tbaseline\tfields\texpect\tcase\n' >"$W/empty.tsv"
run "$P/bin/cryptoperf-run" --revision abc1234 --dry-run empty.tsv >/dev/null 2>"$T/run.err"
check "installed cryptoperf-run reads the installed schema" [ -z "$(grep "schema.json: cannot read" "$T/run.err")" ]
check "... and goes on to the manifest" grep -q "no image of the selected kinds" "$T/run.err"

# the installed cryptoperf-cycles finds the installed plugin by itself
# (from its own folder): a machine without a model is refused before QEMU,
# but only once the plugin and the ELF were looked at
run "$P/bin/cryptoperf-cycles" --machine mps2-an386 --window main /bin/true >/dev/null 2>"$T/cycles.err"
check "installed cryptoperf-cycles looks at the ELF (an x86 one is refused)" \
  grep -q 'expected an ELF32 little-endian image for Arm' "$T/cycles.err"
mv "$P/lib/cryptoperf/cpcycles.so" "$T/plugin.so"
elf=$(ls "$TOP"/build/fw/*/img/selftest.elf 2>/dev/null | head -n 1)
run "$P/bin/cryptoperf-cycles" --machine mps2-an505 --window cp_window_mark "${elf:-/nonexistent}" >/dev/null 2>"$T/cycles.err"
check "... and without its plugin says where it looked" grep -qF "$P/lib/cryptoperf/cpcycles.so" "$T/cycles.err"
mv "$T/plugin.so" "$P/lib/cryptoperf/cpcycles.so"

# the installed copy is the one used: change it and the pages change
printf '/* installed copy */\n' >>"$P/share/cryptoperf/templates/html.css"
run "$P/bin/cryptoperf" render --out site2 data/stm32l5/cmox-050000b2/dataset.yaml >/dev/null 2>&1
check "the pages follow the installed templates" grep -rqF 'installed copy' "$W/site2"
# found next to the program, not only at the compiled-in path
mv "$STAGE" "$T/moved"
out=$(run "$T/moved/usr/local/bin/cryptoperf" validate data/stm32l5/cmox-050000b2/dataset.yaml 2>&1); rc=$?
check "a moved installation still finds its schema" [ "$rc" -eq 0 ]
mv "$T/moved" "$STAGE"
mkdir -p "$T/empty"
out=$(cd "$W" && CRYPTOPERF_DATADIR=$T/empty "$P/bin/cryptoperf" validate data/stm32l5/cmox-050000b2/dataset.yaml 2>&1); rc=$?
check "CRYPTOPERF_DATADIR overrides the installed copy" [ "$rc" -eq 2 ]
check "... and the error names the schema it looked for" grep -qF "$T/empty/schema/dataset.schema.json" <<<"$out"
out=$(cd "$W" && CRYPTOPERF_DATADIR=$TOP "$P/bin/cryptoperf" validate data/stm32l5/cmox-050000b2/dataset.yaml 2>&1); rc=$?
check "CRYPTOPERF_DATADIR pointing at a checkout: its schema" [ "$rc" -eq 0 ]
# the checkout keeps working as before: its own schema and templates win
out=$(cd "$TOP" && "$P/bin/cryptoperf" validate data/stm32l5/cmox-050000b2/dataset.yaml 2>&1); rc=$?
check "in a checkout the installed program uses the checkout's schema" [ "$rc" -eq 0 ]

mk uninstall DESTDIR="$STAGE" >"$T/uninstall.log" 2>&1
check "make uninstall exits 0" [ $? -eq 0 ]
left=$(find "$STAGE" -type f)
check "make uninstall leaves no file behind" [ -z "$left" ]
[ -z "$left" ] || diag "$left"
done_testing
