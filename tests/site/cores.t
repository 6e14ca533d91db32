#!/usr/bin/env bash
# The cross-core page of a library version (templates/cyclone/cores.md):
# one column per core in series order, each cell the fewest instructions
# of that core's dataset (derive.pl's own arithmetic), a core without the
# row shows '-', one chart per family and operation, linked from the site
# index; datasets of one series only make no such page. Checked on the
# fixture alib-1.0 (quad, Cortex-M33) beside a copy made a Cortex-M0
# (series m0demo, counts tripled, its hash rows left out), and on site/.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-cell.sh"
cd "$TOP" || exit 1
T=$(tmpdir)
lacks() { ! grep -q "$@"; }
SRC=tests/fixtures/compare/data/quad/alib-1.0/dataset.yaml
M0=$T/data/m0demo/alib-1.0/dataset.yaml
mkdir -p "$(dirname "$M0")"
perl -pe 's/^series: quad/series: m0demo/; s/^(  core:) .*/$1 Cortex-M0/;
          s/(instructions: )(\d+)/$1 . $2 * 3/e; $_ = "" if /family: HASH/' "$SRC" >"$M0"
"$CRYPTOPERF" render --out "$T/site" "$SRC" "$M0" 2>"$T/err"
check "render of a library version on two cores exits 0" test $? -eq 0
P=$T/site/cores/alib-1.0/index.md
check "the cross-core page of A-Lib 1.0 exists" test -f "$P"
head=$(grep -m1 '^| Algorithm, operation (instructions)' "$P")
check "its columns are the cores in series order (M0, then M33): $head" \
  test "$head" = "| Algorithm, operation (instructions) | Cortex-M0 | Cortex-M33 |"
for v in "Cortex-M0:$M0" "Cortex-M33:$SRC"; do
  core=${v%%:*} ds=${v#*:}
  want=$(tests/site/derive.pl count "$ds" family=ECDSA kind=performance curve=secp256r1 operation=signature)
  have=$(cell "$P" "Algorithm, operation (instructions)" "ECDSA (P-256) Sign" "$core")
  check "ECDSA P-256 sign on $core: '$have' = '$want' (the fewest instructions, configuration named)" test "$have" = "$want"
  want=$(tests/site/derive.pl count "$ds" family=AES kind=performance measure=data-flow key_bits=128 operation=encryption)
  have=$(cell "$P" "Algorithm, operation (instructions)" "AES-128 CBC Encrypt" "$core")
  check "AES-128 CBC data flow on $core: '$have' = '$want' (largest chunk)" test "$have" = "$want"
done
check "SHA-256, which the M0 copy lacks, shows '-' there" \
  test "$(cell "$P" "Algorithm, operation (instructions)" "SHA-256 Digest" "Cortex-M0")" = "-"
check "a chart per family and operation (ECDSA signature)" test -f "$T/site/cores/alib-1.0/Cryptolib Cores alib-1.0 ECDSA Sig.svg"
check "the chart shows a bar per core" grep -q 'Cortex-M0' "$T/site/cores/alib-1.0/Cryptolib Cores alib-1.0 ECDSA Sig.svg"
check "the page refers to its charts" grep -q 'Cryptolib%20Cores%20alib-1.0%20ECDSA%20Sig.svg' "$P"
# a core keeps its colour in every chart of a table: on site/, Mbed TLS
# 3.6.6's 3DES cases did not fit the micro:bit (Cortex-M0, the first
# colour, 0072b2), so that chart starts with Cortex-M3 in the second
# colour (e69f00), as in the AES chart beside it
C3=site/cores/mbedtls-3.6.6/"Cryptolib Cores mbedtls-3.6.6 3DES CBC DF.svg"
check "3DES chart without a Cortex-M0 bar: Cortex-M3 in its own colour" grep -q "rgb(230, 159,   0)" "$C3"
check "... and no bar in the Cortex-M0 colour" [ -z "$(grep -F "rgb(  0, 114, 178)" "$C3")" ]
check "the site index links the page" grep -qF '(cores/alib-1.0/index.md)' "$T/site/index.md"
check "the page links each core's own page" grep -qF '(../../m0demo/alib-1.0/index.md)' "$P"
check "the wiki page links each core's page by its title" grep -qF '[[Cryptoperf/m0demo/alib-1.0|m0demo]]' "${P%.md}.wiki"
check "... never through ../ (a wiki title has no folders to climb)" lacks -F 'Cryptoperf/..' "${P%.md}.wiki"
check "a version on one series only has no cross-core page" test ! -e "$T/site/cores/alib-2.0"

# site/: every library version measured on two or more boards has its page
for d in data/*/*/; do
  v=$(basename "$d")
  n=$(find data -mindepth 2 -maxdepth 2 -name "$v" | wc -l)
  [ "$n" -ge 2 ] || continue
  [[ " ${seen[*]} " == *" $v "* ]] && continue
  seen+=("$v")
  check "site/cores/$v/index.md exists ($n boards)" test -f "site/cores/$v/index.md"
  cols=$(grep -m1 '^| Algorithm, operation (instructions)' "site/cores/$v/index.md" | awk -F' \\| ' '{ print NF - 1 }')
  check "site/cores/$v: one column per board measured ($cols of $n)" test "${cols:-0}" -eq "$n"
done
done_testing
