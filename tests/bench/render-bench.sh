#!/usr/bin/env bash
# Benchmark (not a test): is `cryptoperf render` limited by parsing the
# dataset, not by its own code? Makes a large synthetic dataset (the V5
# header, N results per table family), renders it with --timing and prints
# load+validate time vs page build+format time and their ratio.
#   tests/bench/render-bench.sh [N]      (default N=20000; uses build/gen/cryptoperf)
set -euo pipefail
cd "$(dirname "$0")/../.."
N=${1:-20000}
BIN=${CRYPTOPERF:-build/gen/cryptoperf}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
D=$T/data/stm32l5/cmox-050000b2
mkdir -p "$D"
# header of the V5 dataset, then N rows of each of five table shapes
sed '/^results:/q' data/stm32l5/cmox-050000b2/dataset.yaml >"$D/dataset.yaml"
awk -v n="$N" 'BEGIN {
  for (i = 1; i <= n; i++) {
    printf "  - {family: AES, kind: performance, measure: sole-buffer, cipher_mode: CBC, key_bits: 128, buffer_bytes: %d, operation: encryption, configuration: Small, cycles: %d}\n", i, 1000 + i * 37
    printf "  - {family: AES, kind: performance, measure: data-flow, cipher_mode: CBC, key_bits: 128, message_bytes: 8000, chunk_bytes: %d, operation: decryption, configuration: Fast, cycles: %d}\n", i, 500000 + i
    printf "  - {family: HASH, kind: footprint, measure: sole-buffer, hash: sha256, configuration: C%d, code_bytes: %d, const_bytes: 280, data_bytes: 0, stack_bytes: 532}\n", i, 1000 + i
    printf "  - {family: ECDSA, kind: performance, curve: secp256r1, operation: signature, math_config: M%d, curve_definition: Low, cycles: %d}\n", i, 2000000 + i
    printf "  - {family: ML-DSA, kind: performance, parameter_set: ML-DSA-44, operation: signature, variant: V%d, cycles: %d, stack_bytes: 772, heap_bytes: 30796}\n", i, 3000000 + i
  }
}' >>"$D/dataset.yaml"
rows=$((N * 5))
size=$(wc -c <"$D/dataset.yaml")
echo "synthetic dataset: $rows results, $size bytes"
"$BIN" render --timing --out "$T/site" "$D/dataset.yaml" 2>"$T/timing"
cat "$T/timing"
awk '/^timing:/ { load = $3; build = $7; printf "render/parse ratio: %.3f (build+format time / load+validate time)\n", build / load }' "$T/timing"
echo "pages: $(wc -c <"$T/site/stm32l5/cmox-050000b2/index.wiki") bytes wiki, $(wc -c <"$T/site/stm32l5/cmox-050000b2/index.md") bytes md"
