#!/usr/bin/env bash
# How much of `cryptoperf validate` is parsing? Generates a dataset with
# N distinct results (default 100000), then times reading, parsing and the
# full check in one process (bench/validate_bench.c, optimised build) and
# prints the ratio validate / parse. The checks should cost a fraction of
# the parse: the generator must be limited by parsing, not by its own code.
# Not a test; run it by hand: bench/validate-bench.sh [N] [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-100000}
runs=${2:-3}
make --no-print-directory -s gen
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cc -std=c11 -D_POSIX_C_SOURCE=200809L -O2 -Igen/lib -o "$work/validate_bench" bench/validate_bench.c \
  build/gen/libcryptoperf.a $(pkg-config --libs yaml-0.1)

ds=$work/data/demo/examplelib-1.0/dataset.yaml
mkdir -p "$(dirname "$ds")"
# the demo header, then n results that differ in buffer size and key size
sed '/^results:/q' tests/fixtures/data/demo/examplelib-1.0/dataset.yaml >"$ds"
awk -v n="$n" 'BEGIN {
  split("128 192 256", keys, " ");
  split("encryption decryption", ops, " ");
  for (i = 0; i < n; i++) {
    printf "  - family: AES\n    kind: performance\n    measure: sole-buffer\n    cipher_mode: CBC\n";
    printf "    key_bits: %s\n    buffer_bytes: %d\n    operation: %s\n", keys[i % 3 + 1], int(i / 6) + 1, ops[int(i / 3) % 2 + 1];
    printf "    configuration: Small\n    instructions: %d\n", 1000 + i;
  }
}' >>"$ds"
echo "dataset: $(wc -c <"$ds") bytes, $n results"
"$work/validate_bench" schema/dataset.schema.json "$ds" "$runs"
