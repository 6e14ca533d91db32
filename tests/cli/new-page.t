#!/usr/bin/env bash
# Importing a page the project has not seen (issue 12, item 11): its facts
# fit without code.
#   - hardware.core is optional for an imported dataset (a published page
#     may not state it): the page then has no Core row; a measured dataset
#     still needs it;
#   - the system table of other series has "Prefetch Cache (ART)":
#     system.prefetch_art, shown like ICACHE;
#   - unit and label words differ between ST's pages of different series
#     (kbyte/s or Kbytes/s): a dataset's `style:` rewords them, so the
#     transcription reproduces its page word for word; a word or label map
#     the layouts do not have is an error, not a silent no-op.
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
T=$(tmpdir)
D=$T/data/stm32f4/cmox-040000b1
mkdir -p "$D/import"
cat >"$D/import/header.yaml" <<'EOF2'
format: cryptoperf-dataset/1
series: stm32f4
layout: st
library: {slug: cmox, name: CMOX, version: "040000B1"}
hardware: {mcu: STM32F429ZIT6, mcu_short: STM32F429}
system: {core_clock_hz: 180000000, flash_latency_ws: 5, prefetch_art: 1}
toolchain: {compiler: IAR}
counter: {kind: cycles, method: as published}
provenance: {kind: imported, source: a page the project has not seen}
style:
  words: {kbyte_s: kbyte/s, us: us}
  labels: {op: {encryption: Encrypt}}
EOF2
cat >"$D/import/results.csv" <<'EOF2'
family,kind,measure,cipher_mode,key_bits,buffer_bytes,message_bytes,chunk_bytes,operation,configuration,cycles
AES,performance,sole-buffer,CBC,128,32,,,encryption,Small,3742
AES,performance,data-flow,CBC,128,,8000,128,encryption,Small,671120
EOF2
imp() { "$CRYPTOPERF" import --schema schema/dataset.schema.json --header "$D/import/header.yaml" -o "$D/dataset.yaml" \
  "$D/import/results.csv" >"$T/import.out" 2>&1; }
imp
check "a header without hardware.core, with prefetch_art and style: imports (exit 0)" [ $? -eq 0 ]
[ -s "$T/import.out" ] && diag "$(cat "$T/import.out")"
"$CRYPTOPERF" render --schema schema/dataset.schema.json --out "$T/site" "$D/dataset.yaml" >"$T/render.out" 2>&1
check "it renders (exit 0)" [ $? -eq 0 ]
[ -s "$T/render.out" ] && diag "$(cat "$T/render.out")"
P=$T/site/stm32f4/cmox-040000b1
check "no Core row (the page does not state it)" bash -c "! grep -q '^| Core |' '$P/index.md'"
check "the Prefetch Cache (ART) row, shown like ICACHE" grep -qF '| Prefetch Cache (ART) | 1 (0: disabled / 1: enabled) |' "$P/index.md"
check "rate cells use the page's word: kbyte/s" grep -qF '| 2145 kbyte/s |' "$P/index.md"
check "no Kbytes/s left in the page's tables" bash -c "! grep -q '^|.*Kbytes/s' '$P/index.md'"
check "time cells use the page's word: us" grep -qF '| 20 us |' "$P/index.md"
check "operation labels use the page's word: Encrypt" grep -qF '| Encrypt |' "$P/index.md"
check "the chart's axis too" grep -qF 'Bit rate (kbyte/s)' "$P"/*"AES CBC DF"*.svg
check "the summary page (Cyclone layout) too" grep -qF 'Algorithm (kbyte/s)' "$P/summary.md"
for ext in wiki html; do
  check "the .$ext page has the word too" grep -qF 'kbyte/s' "$P/index.$ext"
done

# a misspelt word or label map: invalid data at its place, nothing written
sed -i 's/words: {kbyte_s: kbyte\/s, us: us}/words: {kbytes_s: kbyte\/s, us: us}/; s/labels: {op: {encryption: Encrypt}}/labels: {opp: {encryption: Encrypt}}/' "$D/import/header.yaml"
imp
"$CRYPTOPERF" render --schema schema/dataset.schema.json --out "$T/site2" "$D/dataset.yaml" >"$T/render2.out" 2>&1
check "a word the layouts lack: exit 1" [ $? -eq 1 ]
check "... named at its place, with the words there are" \
  grep -qE "dataset.yaml:[0-9]+:[0-9]+: style.words: expected a word of the layout \(kbyte_s, .*\), found 'kbytes_s'" "$T/render2.out"
check "... and a label map the layouts lack" grep -qE "style.labels: expected a label map of the layout \(.*\), found 'opp'" "$T/render2.out"
check "... nothing written" [ ! -e "$T/site2" ]

# a measured dataset still needs its core
sed -e '/^  core:/d' tests/fixtures/data/demo/examplelib-1.0/dataset.yaml >"$T/measured.yaml"
"$CRYPTOPERF" validate --schema schema/dataset.schema.json "$T/measured.yaml" >"$T/v.out" 2>&1
check "a measured dataset without hardware.core: exit 1" [ $? -eq 1 ]
check "... says why" grep -q "hardware: expected the required field 'core', found none (as provenance.kind is 'measured')" "$T/v.out"
done_testing
