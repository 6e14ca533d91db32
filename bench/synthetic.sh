#!/usr/bin/env bash
# Writes a synthetic dataset of N results for the benchmarks:
#   bench/synthetic.sh N DIR  ->  DIR/data/stm32l5/cmox-050000b2/dataset.yaml
# The header of the CMOX V5 dataset, then N results in five table shapes
# taken in turn (AES sole buffer, AES data flow, HASH footprint, ECDSA,
# ML-DSA), each row distinct: what a large real dataset looks like to the
# generator (long tables, long charts, many series).
set -euo pipefail
cd "$(dirname "$0")/.."
n=$1
out=$2/data/stm32l5/cmox-050000b2
mkdir -p "$out"
sed '/^results:/q' data/stm32l5/cmox-050000b2/dataset.yaml >"$out/dataset.yaml"
awk -v n="$n" 'BEGIN {
  for (i = 1; i <= n; i++) {
    k = int((i - 1) / 5) + 1
    s = (i - 1) % 5
    if (s == 0) printf "  - {family: AES, kind: performance, measure: sole-buffer, cipher_mode: CBC, key_bits: 128, buffer_bytes: %d, operation: encryption, configuration: Small, cycles: %d}\n", k, 1000 + k * 37
    if (s == 1) printf "  - {family: AES, kind: performance, measure: data-flow, cipher_mode: CBC, key_bits: 128, message_bytes: 8000, chunk_bytes: %d, operation: decryption, configuration: Fast, cycles: %d}\n", k, 500000 + k
    if (s == 2) printf "  - {family: HASH, kind: footprint, measure: sole-buffer, hash: sha256, configuration: C%d, code_bytes: %d, const_bytes: 280, data_bytes: 0, stack_bytes: 532}\n", k, 1000 + k
    if (s == 3) printf "  - {family: ECDSA, kind: performance, curve: secp256r1, operation: signature, math_config: M%d, curve_definition: Low, cycles: %d}\n", k, 2000000 + k
    if (s == 4) printf "  - {family: ML-DSA, kind: performance, parameter_set: ML-DSA-44, operation: signature, variant: V%d, cycles: %d, stack_bytes: 772, heap_bytes: 30796}\n", k, 3000000 + k
  }
}' >>"$out/dataset.yaml"
echo "$out/dataset.yaml"
