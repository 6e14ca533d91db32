#!/usr/bin/env bash
# What the committed datasets say about the timed regions: an ECDH shared
# secret costs one scalar multiplication of an arbitrary point, so it must
# be within 10 % of a public-key generation that uses no precomputed table
# of the generator (Mbed TLS curve definition Low, wolfSSL Small, BearSSL's
# generic prime_i15 and prime_i31, LibTomCrypt's ladder and window). A port
# that adds a validation of its own (the wolfSSL port ran wc_ecc_check_key,
# a second full multiplication n*Q) doubles the shared secret and fails
# here, whatever the library.
. "$(dirname "$0")/../lib.sh"
n=0
# instructions of the row of DATASET matching every given "field: value"
count() {
  local ds=$1; shift
  local line
  line=$(grep -F "family: ECDH, kind: performance, curve: $1, operation: $2" "$ds")
  shift 2
  local f
  for f in "$@"; do line=$(grep -F "$f" <<<"$line"); done
  sed -n 's/.*instructions: \([0-9]*\).*/\1/p' <<<"$line" | head -n 1
}
within10() { [ -n "$1" ] && [ -n "$2" ] && [ $(( ($1 > $2 ? $1 - $2 : $2 - $1) * 10 )) -le "$2" ]; }
for ds in "$TOP"/data/mps2-*/*/dataset.yaml; do
  rel=${ds#$TOP/data/}
  # the labels of the rows to compare, one set per line
  case $rel in
    */mbedtls-*) sets=$'curve_definition: Low\tmath_config: Small\ncurve_definition: Low\tmath_config: Fast' ;;
    */wolfssl-*) sets="math_config: Small" ;;
    */bearssl-*) sets=$'math_config: prime_i15\nmath_config: prime_i31' ;;
    */libtomcrypt-*) sets=$'math_config: Ladder\nmath_config: Window' ;;
    *) continue ;;
  esac
  for curve in secp256r1 secp384r1 secp521r1; do
    while IFS=$'\t' read -r -a extra; do
      shared=$(count "$ds" $curve shared-secret "${extra[@]}")
      keygen=$(count "$ds" $curve public-key-generation "${extra[@]}")
      n=$((n + 1))
      check "${rel%/dataset.yaml} $curve ${extra[*]}: shared secret ${shared:-?} within 10 % of one scalar multiplication (${keygen:-?})" \
        within10 "$shared" "$keygen"
    done <<<"$sets"
  done
done
check "compared the ECDH rows of the measured datasets ($n)" [ "$n" -ge 60 ]
done_testing
