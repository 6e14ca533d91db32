#!/usr/bin/env bash
# What validates renders (issue 12, items 1 and 2): texts from data reach
# gnuplot as literal text ('%' formats, enhanced-text braces), a value that
# cannot be drawn is explained on its chart, long labels are wrapped with
# the full text in the table, colliding chart names are told apart, and a
# data problem a chart finds is exit 1 with file:line:column. Each case is
# the CMOX V5 dataset with one edit, rendered by the real command.
. "$(dirname "$0")/../lib.sh"
T=$(tmpdir)
SRC=$TOP/data/stm32l5/cmox-050000b2/dataset.yaml
FOLDER=stm32l5/cmox-050000b2

# variant NAME SED-ARGS...: the dataset with the edit, rendered into $T/NAME/site
# (into the folder $VFOLDER when set: the dataset's own slug and version)
variant() {
  local name=$1 folder=${VFOLDER:-$FOLDER}; shift
  mkdir -p "$T/$name/data/$folder"
  sed "$@" "$SRC" >"$T/$name/data/$folder/dataset.yaml"
  "$CRYPTOPERF" render --quiet --templates "$TOP/templates" --out "$T/$name/site" "$T/$name/data/$folder/dataset.yaml" \
    >"$T/$name.out" 2>"$T/$name.err"
  rc=$?
  [ "$rc" -eq 0 ] || diag "$name: exit $rc: $(head -c 600 "$T/$name.err")"
}
svg() { cat "$T/$1/site/$FOLDER"/*.svg; }
err() { cat "$T/$1.err"; }

variant percent -e 's/configuration: Small/configuration: "100%Small"/'
check "'100%Small': exit 0" [ "$rc" -eq 0 ]
check "'100%Small': drawn as it is (a tic label is a printf format to gnuplot)" grep -q '>100%Small<' <(svg percent)
check "'100%Small': not as gnuplot's format made it ('1000mall')" [ "$(svg percent | grep -c 1000mall)" -eq 0 ]

variant hex -e 's/configuration: Small/configuration: "%x"/'
check "'%x': exit 0" [ "$rc" -eq 0 ]
check "'%x': drawn as it is" grep -q '>%x<' <(svg hex)

variant count -e 's/configuration: Small/configuration: "%n"/'
check "'%n': exit 0" [ "$rc" -eq 0 ]
check "'%n': drawn as it is" grep -q '>%n<' <(svg count)

variant backslash -e 's/configuration: Small/configuration: "a\\\\nb\\\\101"/'
check "'a\\nb\\101': exit 0" [ "$rc" -eq 0 ]
check "'a\\nb\\101': drawn as it is as a category (gnuplot reads escapes in label texts)" \
  grep -qF '>a\nb\101<' "$T/backslash/site/$FOLDER/Cryptolib STM32L552 cmox-050000B2 AES CBC SB Enc FP.svg"

variant brace -e 's/math_config: Small/math_config: "x}Small"/'
check "'x}Small': exit 0" [ "$rc" -eq 0 ]
check "'x}Small': gnuplot says nothing" [ ! -s "$T/brace.err" ]
check "'x}Small': drawn as it is" grep -q '>x}Small / Low<' <(svg brace)

# every data-flow CBC encryption bit rate undrawable (0 cycles: no rate)
variant zero -E -e '/measure: data-flow, cipher_mode: CBC.*operation: encryption/s/cycles: [0-9]+/cycles: 0/'
check "no drawable value: exit 0" [ "$rc" -eq 0 ]
Z="$T/zero/site/$FOLDER/Cryptolib STM32L552 cmox-050000B2 AES CBC DF Enc.svg"
check "no drawable value: the chart is there" [ -f "$Z" ]
check "no drawable value: the chart says so" grep -q 'No value to draw' "$Z"
check "no drawable value: each bar says what the table says (n/a)" [ "$(grep -c '>n/a<' "$Z")" -eq 24 ]

# one zero among values: drawn as a bar of 0, its label says why
variant onezero -e '93s/cycles: 671120/cycles: 0/'
check "one undrawable value: exit 0" [ "$rc" -eq 0 ]
check "one undrawable value: its place says n/a" \
  grep -q '>n/a<' "$T/onezero/site/$FOLDER/Cryptolib STM32L552 cmox-050000B2 AES CBC DF Enc.svg"

# every configuration as long as the schema lets a label be (64
# characters; ~30 made gnuplot give up before: "difficulty making room"):
# on each footprint chart they are the category labels
PAD=$(printf 'abcdefghi %.0s' $(seq 5))
PAD=${PAD% }
variant long -E -e "s/(configuration: )\"?([^\",}]*)\"?/\\1\"\\2 $PAD\"/"
check "55-character labels: exit 0" [ "$rc" -eq 0 ]
check "55-character labels: gnuplot says nothing" [ ! -s "$T/long.err" ]
check "55-character labels: the table has the full text" grep -qF "| Small $PAD |" "$T/long/site/$FOLDER/index.md"
check "55-character labels: the chart has it wrapped" \
  grep -q '>Small abcdefghi abcdefghi<' "$T/long/site/$FOLDER/Cryptolib STM32L552 cmox-050000B2 AES CBC SB Enc FP.svg"

# the longest MCU, library slug and version the schema allows (64
# characters each): chart names over 204 bytes, shortened in their longest
# words so that the words after them still tell the charts apart
MCU=$(printf 'A%.0s' $(seq 64))
SLUG=$(printf 'c%.0s' $(seq 64))
VERSION=050000B2$(printf 'X%.0s' $(seq 56))
LONG_FOLDER=stm32l5/$SLUG-${VERSION,,}
VFOLDER=$LONG_FOLDER variant mcu -e "s/mcu_short: STM32L552/mcu_short: $MCU/" -e "s/^  slug: cmox/  slug: $SLUG/" \
  -e "s/^  version: \"050000B2\"/  version: \"$VERSION\"/"
check "64-character MCU, slug and version: exit 0" [ "$rc" -eq 0 ]
n_mcu=$(find "$T/mcu/site/$LONG_FOLDER" -name '*.svg' | wc -l)
n_ref=$(find "$T/percent/site/$FOLDER" -name '*.svg' | wc -l)
check "64-character MCU, slug and version: as many charts as with short ones ($n_mcu, $n_ref)" [ "$n_mcu" -eq "$n_ref" ]
check "64-character MCU, slug and version: the names keep the words after them" \
  [ "$(find "$T/mcu/site/$LONG_FOLDER" -name "Cryptolib AAAAAAAA* cccccccc* AES CBC SB Enc.svg" | wc -l)" -eq 1 ]
check "64-character MCU, slug and version: the longest word shortened (the names are over 204 bytes in full)" \
  [ "$(find "$T/mcu/site/$LONG_FOLDER" -name "* $SLUG-$VERSION *" | wc -l)" -eq 0 ]
check "64-character MCU, slug and version: no name over 204 bytes" \
  [ -z "$(find "$T/mcu/site/$LONG_FOLDER" -name '*.svg' -printf '%f\n' | awk 'length($0) > 204')" ]
check "64-character MCU, slug and version: every chart the page refers to exists" \
  bash -c 'cd "$1" && grep -o "^\[\[File:[^]|]*" index.wiki | sed "s/^\[\[File://" | while IFS= read -r f; do [ -f "$f" ] || exit 1; done' _ "$T/mcu/site/$LONG_FOLDER"

# two results on one bar: a data problem, exit 1 with the second's position
variant twice -e '53{p;s/family: AES,/family: AES, implementation: hardware,/}'
check "two results on one bar: exit 1 (invalid data)" [ "$rc" -eq 1 ]
check "two results on one bar: file:line:column of the second" \
  grep -q "^$T/twice/data/$FOLDER/dataset.yaml:54:5: chart: expected one result per bar" "$T/twice.err"
check "two results on one bar: said on one line" [ "$(grep -c . "$T/twice.err")" -eq 2 ]
check "two results on one bar: not called a template problem" bash -c "! grep -q 'template or file problem' \"\$1\"" _ "$T/twice.err"
check "two results on one bar: nothing written" [ ! -e "$T/twice/site" ]

check "no sanitizer report in any run" [ -z "$(cat "$T"/*.err | grep 'Sanitizer\|runtime error')" ]
done_testing
