#!/usr/bin/env bash
# Benchmark (not a test): cryptoperf diff on two large synthetic versions of
# one dataset, N rows each (default 1 000 000), with the shape that made
# matching quadratic: OLD's ECDSA rows carry a `hash` field NEW's lack (as
# the V4 and V5 CMOX pages), so the field is checked for being ignorable,
# and a few rows differ (changed, added, removed). Prints the time of a
# `validate` of both (parsing and schema, one after the other) and of the
# `diff` (the same loading, both at once on two threads, then matching,
# each version's share of it on a thread, and the YAML report, its second
# half on a second thread), wall and CPU (user + sys, the sum over threads)
# and peak RSS. Figures: bench/README.md.
# With "one-table", every row is an ECDSA row with the field only OLD has:
# the worst case of the pairwise matching that was (issue 12: 10^4 such
# rows took 16.9 s).
#   tests/bench/diff-bench.sh [N [one-table]]      (uses build/gen/cryptoperf)
set -euo pipefail
cd "$(dirname "$0")/../.."
N=${1:-1000000}
SHAPE=${2:-mixed}
BIN=${CRYPTOPERF:-build/gen/cryptoperf}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
# header of the V5 dataset (cycles, ST layout), then N/5 rows of five shapes
gen() { # side: old | new
  sed '/^results:/q' data/stm32l5/cmox-050000b2/dataset.yaml
  awk -v n="$((N / 5))" -v all="$N" -v side="$1" -v shape="$SHAPE" 'BEGIN {
    if (shape == "one-table") {
      for (i = 1; i <= all; i++)
        printf "  - {family: ECDSA, kind: performance, curve: secp256r1, %soperation: signature, math_config: M%d, curve_definition: Low, cycles: %d}\n", side == "old" ? "hash: sha256, " : "", i, 2000000 + i
      exit
    }
    for (i = 1; i <= n; i++) {
      c = 1000 + i * 37 + (side == "new" && i % 1000 == 0 ? 50 : 0)
      printf "  - {family: AES, kind: performance, measure: sole-buffer, cipher_mode: CBC, key_bits: 128, buffer_bytes: %d, operation: encryption, configuration: Small, cycles: %d}\n", i, c
      printf "  - {family: AES, kind: performance, measure: data-flow, cipher_mode: CBC, key_bits: 128, message_bytes: 8000, chunk_bytes: %d, operation: decryption, configuration: Fast, cycles: %d}\n", i, 500000 + i
      printf "  - {family: HASH, kind: footprint, measure: sole-buffer, hash: sha256, configuration: C%d, code_bytes: %d, const_bytes: 280, data_bytes: 0, stack_bytes: 532}\n", i, 1000 + i
      if (side == "old")
        printf "  - {family: ECDSA, kind: performance, curve: secp256r1, hash: sha256, operation: signature, math_config: M%d, curve_definition: Low, cycles: %d}\n", i, 2000000 + i
      else
        printf "  - {family: ECDSA, kind: performance, curve: secp256r1, operation: signature, math_config: M%d, curve_definition: Low, cycles: %d}\n", i, 2000000 + i
      # the last rows of each side are its own: removed and added
      v = (i > n - 10) ? side "-" i : "V" i
      printf "  - {family: ML-DSA, kind: performance, parameter_set: ML-DSA-44, operation: signature, variant: %s, cycles: %d, stack_bytes: 772, heap_bytes: 30796}\n", v, 3000000 + i
    }
  }'
}
gen old >"$T/old.yaml"
gen new >"$T/new.yaml"
rows=$(grep -c '^  - {' "$T/new.yaml")
echo "two synthetic datasets of $rows results each ($(wc -c <"$T/old.yaml") and $(wc -c <"$T/new.yaml") bytes)"
# wall time depends on what else the machine runs; CPU time (user + sys)
# is the work itself
measure() { # label, command...: prints "label: W s wall, C s CPU (U user + S sys), M MB"
  local label=$1; shift
  /usr/bin/time -f "%e %U %S %M" -o "$T/time" "$@"
  read -r wall user sys kb <"$T/time"
  awk -v l="$label" -v w="$wall" -v u="$user" -v s="$sys" -v k="$kb" \
    'BEGIN { printf "%-14s %6.1f s wall, %6.1f s CPU (%.1f user + %.1f sys), %d MB peak\n", l ":", w, u + s, u, s, k / 1024 }'
}
measure "validate both" "$BIN" validate "$T/old.yaml" "$T/new.yaml" 2>/dev/null
measure "diff" "$BIN" diff -o "$T/diff.yaml" "$T/old.yaml" "$T/new.yaml"
grep -A6 '^totals:' "$T/diff.yaml"
