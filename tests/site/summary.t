#!/usr/bin/env bash
# Summary and comparison pages: their numbers follow from the datasets by
# this test's own arithmetic (derive.pl), rows that only one library
# version has stay out of a comparison, and clock cycles and executed
# instructions never share a table. Checked on the fixture series of
# tests/fixtures/compare (quad: 2 libraries x 2 versions, one counter kind;
# mixed: the same with cycles and instructions) and on site/ (mps2-an505).
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-cell.sh"
cd "$TOP" || exit 1
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
FX=tests/fixtures/compare/data
"$CRYPTOPERF" render --out "$T/site" "$FX"/*/*/dataset.yaml 2>"$T/err"
check "render of the comparison fixtures exits 0" test $? -eq 0


# expect LABEL FILE CORNER ROW COLUMN rate|time DATASET CRITERIA...
expect() {
  local label=$1 file=$2 corner=$3 row=$4 col=$5 what=$6 ds=$7; shift 7
  local want have
  want=$(tests/site/derive.pl "$what" "$ds" "$@")
  have=$(cell "$file" "$corner" "$row" "$col")
  if [ -n "$want" ] && [ "$want" = "$have" ]; then ok "$label: $have"
  else fail "$label: page has '$have', the data gives '$want'"; fi
}

Q=$T/site/quad/compare.md
for v in alib-1.0:"A-Lib 1.0" alib-2.0:"A-Lib 2.0" blib-1.0:"B-Lib 1.0" blib-2.0:"B-Lib 2.0"; do
  ds=$FX/quad/${v%%:*}/dataset.yaml col=${v#*:}
  expect "quad compare, AES-128-CBC data flow, $col" "$Q" "Algorithm, operation (Kbytes/s)" "AES-128 CBC Encrypt" "$col" \
    rate "$ds" family=AES kind=performance measure=data-flow cipher_mode=CBC key_bits=128 operation=encryption
  expect "quad compare, SHA-256, $col" "$Q" "Algorithm, operation (Kbytes/s)" "SHA-256 Digest" "$col" \
    rate "$ds" family=HASH kind=performance measure=data-flow hash=sha256 operation=digest
  expect "quad compare, ECDSA P-256 sign, $col" "$Q" "Algorithm, operation (ms)" "ECDSA (P-256) Sign" "$col" \
    time "$ds" family=ECDSA kind=performance curve=secp256r1 operation=signature
done
for v in alib-2.0:"A-Lib 2.0" blib-1.0:"B-Lib 1.0" blib-2.0:"B-Lib 2.0"; do
  expect "quad compare, RSA-2048 CRT sign, ${v#*:}" "$Q" "Algorithm, operation (ms)" "RSA (2048 bits) Sign v1.5 CRT" "${v#*:}" \
    time "$FX/quad/${v%%:*}/dataset.yaml" family=RSA kind=performance modulus_bits=2048 operation=signature modexp_method=crt
done
check "quad compare: RSA missing from A-Lib 1.0 shows as '-'" \
  test "$(cell "$Q" "Algorithm, operation (ms)" "RSA (2048 bits) Sign v1.5 CRT" "A-Lib 1.0")" = "-"
check "quad compare: SHA3-256 (only A-Lib 2.0 has it) is not compared" sh -c "! grep -q 'SHA3-256' '$Q'"
check "quad summary of A-Lib 2.0 does show SHA3-256" grep -q '^| SHA3-256 |' "$T/site/quad/alib-2.0/summary.md"

# summary: one column per configuration for ciphers, fastest for public key
S=$T/site/quad/blib-2.0/summary.md DS=$FX/quad/blib-2.0/dataset.yaml
for cfg in Small Fast; do
  want=$(tests/site/derive.pl rate "$DS" family=AES kind=performance measure=data-flow key_bits=128 operation=decryption configuration=$cfg)
  have=$(cell "$S" "Algorithm (Kbytes/s)" "AES-128" "CBC Decrypt $cfg")
  check "summary B-Lib 2.0, AES-128 CBC Decrypt $cfg: '$have' = '${want% (*}'" test "$have" = "${want% (*}"
done
expect "summary B-Lib 2.0, ECDSA P-256 verify (fastest)" "$S" "Algorithm (ms)" "ECDSA (P-256)" "Verify" \
  time "$DS" family=ECDSA kind=performance curve=secp256r1 operation=verification
fp=$(grep 'kind: footprint, measure: sole-buffer, cipher_mode: CBC, operation: encryption, configuration: Fast' "$DS" |
  perl -ne '/code_bytes: (\d+), const_bytes: (\d+), data_bytes: (\d+), stack_bytes: (\d+), heap_bytes: (\d+)/ and print $1+$2+$3, " / $4 / $5"')
check "summary B-Lib 2.0, AES-CBC footprint Fast = code+const+data / stack / buffer ($fp)" \
  test "$(cell "$S" "Algorithm (bytes)" "AES-CBC" "Encrypt Fast")" = "$fp"

# mixed counters: every speed table holds one kind only
M=$T/site/mixed/compare.md
awk '/^## Speed from clock cycles/ { s = "cycles" } /^## Speed from executed/ { s = "instr" } /^## Footprint/ { s = "" }
     s != "" && /^\| Algorithm/ { print s ": " $0 }' "$M" >"$T/heads"
check "mixed compare: the cycles section has speed tables" grep -q '^cycles: ' "$T/heads"
check "mixed compare: the instructions section has speed tables" grep -q '^instr: ' "$T/heads"
check "mixed compare: no cycles table names an instructions dataset (A-Lib)" sh -c "! grep -q '^cycles: .*A-Lib' '$T/heads'"
check "mixed compare: no instructions table names a cycles dataset (B-Lib)" sh -c "! grep -q '^instr: .*B-Lib' '$T/heads'"
expect "mixed compare, AES-128-CBC from cycles at 100 MHz, B-Lib 1.0" "$M" "Algorithm, operation (Kbytes/s)" "AES-128 CBC Encrypt" "B-Lib 1.0" \
  rate "$FX/mixed/blib-1.0/dataset.yaml" family=AES kind=performance measure=data-flow cipher_mode=CBC key_bits=128 operation=encryption

# the measured data in site/: both Mbed TLS versions side by side
C=site/mps2-an505/compare.md
for v in 2.28.3 3.6.6; do
  expect "site mps2-an505 compare, AES-128-CBC, Mbed TLS $v" "$C" "Algorithm, operation (Kbytes/s)" "AES-128 CBC Encrypt" "Mbed TLS $v" \
    rate "data/mps2-an505/mbedtls-$v/dataset.yaml" family=AES kind=performance measure=data-flow cipher_mode=CBC key_bits=128 operation=encryption
  expect "site mps2-an505 compare, SHA-256, Mbed TLS $v" "$C" "Algorithm, operation (Kbytes/s)" "SHA-256 Digest" "Mbed TLS $v" \
    rate "data/mps2-an505/mbedtls-$v/dataset.yaml" family=HASH kind=performance measure=data-flow hash=sha256 operation=digest
done

# a malformed pivot option in the template: file:line:column, nothing written
cp -R templates "$T/tpl"
sed -i 's/^    prefer: \[{max: chunk_bytes}\]$/    prefer: [{most: chunk_bytes}]/' "$T/tpl/cyclone/tables.yaml"
"$CRYPTOPERF" render --templates "$T/tpl" --out "$T/bad" "$FX"/quad/*/dataset.yaml 2>"$T/err2"
check "bad prefer: exit 2" test $? -eq 2
check "bad prefer: tables.yaml:line:column named" grep -qE 'cyclone/tables\.yaml:[0-9]+:[0-9]+: .*(max|min)' "$T/err2"
check "bad prefer: nothing written" test ! -e "$T/bad"

# the checks can fail: a page with one digit changed is caught
sed 's/^| AES-128 CBC Encrypt | \([0-9]\)/| AES-128 CBC Encrypt | 9\1/' "$Q" >"$T/bad.md"
want=$(tests/site/derive.pl rate "$FX/quad/alib-1.0/dataset.yaml" family=AES kind=performance measure=data-flow cipher_mode=CBC key_bits=128 operation=encryption)
have=$(cell "$T/bad.md" "Algorithm, operation (Kbytes/s)" "AES-128 CBC Encrypt" "A-Lib 1.0")
check "a wrong number is caught ('$have' vs '$want')" test "$have" != "$want"
done_testing
