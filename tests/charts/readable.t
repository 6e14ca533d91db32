#!/usr/bin/env bash
# What a chart needs to be read without its table (issue 31, item 8): the
# key says what its entries are ("Configuration" over "Small", "Fast";
# "Mathematics configuration / curve definition" over "Small / Low"), the
# ECC charts name their x axis, and on a chart wider than a page shows it
# at full size the value labels grow with it, so that they read as 9
# points where the page shows them scaled down.
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
T=$(tmpdir)

"$CRYPTOPERF" render --quiet --out "$T/site" data/stm32l5/cmox-050000b2/dataset.yaml data/mps2-an505/mbedtls-3.6.6/dataset.yaml 2>"$T/err"
check "render: exit 0" [ $? -eq 0 ]
C=$T/site/stm32l5/cmox-050000b2
svg_texts() { grep -o '<text>[^<]*</text>' "$1" | sed 's/<[^>]*>//g'; }
svg_texts "$C/Cryptolib STM32L552 cmox-050000B2 ECDSA Sig.svg" >"$T/ecdsa"
check "ECDSA chart: the key's title names what its entries are" grep -qx 'Mathematics configuration / curve definition' "$T/ecdsa"
check "ECDSA chart: ... over entries like 'Small / Low'" grep -qx 'Small / Low' "$T/ecdsa"
check "ECDSA chart: the x axis has a title" grep -qx 'Curve' "$T/ecdsa"
svg_texts "$C/Cryptolib STM32L552 cmox-050000B2 ECDSA SECP256R1 Sig FP.svg" >"$T/ecdsa-fp"
check "ECDSA footprint chart: the x axis has a title" grep -qx 'Mathematics configuration / curve definition' "$T/ecdsa-fp"
svg_texts "$C/Cryptolib STM32L552 cmox-050000B2 AES CBC SB Enc.svg" >"$T/aes"
check "AES chart: the key's title is 'Configuration'" grep -qx 'Configuration' "$T/aes"
svg_texts "$C/Cryptolib STM32L552 cmox-050000B2 AES CBC SB Enc FP.svg" >"$T/aes-fp"
check "AES footprint chart: its own bars (Code, Stack usage...) get no 'Configuration' title" \
  bash -c "grep -qx 'Code' '$T/aes-fp' && ! grep -qx 'Configuration' '$T/aes-fp'"

# value labels: the largest font on a chart is its value labels' (the
# title is 13 points); scaled to the page's 990 px they must stay >= 9 points
W=$T/site/mps2-an505/mbedtls-3.6.6
wide=$(grep -l 'width="1600"' "$W"/*.svg | head -1)
check "a 1600-px chart is among the pages (${wide##*/})" [ -n "$wide" ]
narrow="$C/Cryptolib STM32L552 cmox-050000B2 ECDSA Sig.svg"
label_pt() { # the font size of the value labels: texts of digits only, not the y tics' (anchored at their end)
  perl -0ne 'my %s; while (/font-size="([0-9.]+)"\s*text-anchor="(start|middle)">\s*<text>([0-9 .]+)<\/text>/g) { $s{$1}++ } print join(" ", sort keys %s), "\n"' "$1"
}
wpt=$(label_pt "$wide") npt=$(label_pt "$narrow")
diag "value labels: ${wpt} pt on the 1600-px chart, ${npt} pt on a 640-px one"
check "narrow chart: value labels at 9 points" [ "$npt" = "9.00" ]
check "wide chart: value labels read as 9 points at 990 px (${wpt} x 990/1600)" \
  perl -e 'exit !($ARGV[0] * 990 / 1600 >= 8.9)' "${wpt:-0}"
done_testing
