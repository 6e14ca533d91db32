#!/usr/bin/env bash
# Validate accepts exactly what render can render (issue 30, item 7): a
# corpus of variants of the demo dataset, each with a few rows drawn from
# fields that tell rows apart on some pages and not on others (variant,
# nonce_bytes, chunk_bytes, AEAD fields on AEAD and other modes, not-run
# cases) and a style that rewords a word its layout has or lacks. Every
# variant validate accepts must render; the corpus must hold both kinds.
# The draw is seeded: every run checks the same variants.
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
FIXTURE=tests/fixtures/data/demo/examplelib-1.0/dataset.yaml
T=$(tmpdir)
N=${VARIANTS:-60}

# variant SEED: the fixture with 1 to 4 more rows and maybe a style
variant() {
  awk -v seed="$1" '
    function pick(n) { x = (x * 1103515245 + 12345) % 2147483648; return int(x / 65536) % n }
    BEGIN { x = seed * 7919 + 17 }
    /^layout:/ {
      print
      s = pick(4)
      if (s == 1) print "style:\n  words:\n    us: \"microseconds\""
      if (s == 2) print "style:\n  words:\n    microsecond: \"us\""
      next
    }
    { print }
    END {
      split("CBC GCM CCM", modes, " "); split("encryption decryption", ops, " ")
      rows = 1 + pick(4)
      for (r = 0; r < rows; r++) {
        mode = modes[1 + pick(3)]
        line = "  - {family: AES, kind: " (pick(5) ? "performance" : "not-run") ", measure: sole-buffer, cipher_mode: " mode
        line = line ", key_bits: " (pick(2) ? 128 : 256) ", buffer_bytes: 64, operation: " ops[1 + pick(2)] ", configuration: Small"
        if (pick(3) == 0) line = line ", variant: v" pick(2)
        if (pick(3) == 0) line = line ", nonce_bytes: " (12 + pick(2))
        if (pick(3) == 0) line = line ", chunk_bytes: " (16 * (1 + pick(2)))
        if (pick(4) == 0) line = line ", tag_bytes: 16"
        line = line (index(line, "not-run") ? ", reason: \"too big\"}" : ", instructions: " (1000 + pick(9000)) "}")
        print line
      }
    }' "$FIXTURE"
}

accepted=0 refused=0 bad=0
for i in $(seq 1 "$N"); do
  dir=$T/v$i/data/demo/examplelib-1.0
  mkdir -p "$dir"
  variant "$i" >"$dir/dataset.yaml"
  if "$CRYPTOPERF" validate "$dir/dataset.yaml" >"$T/v$i/validate.txt" 2>&1; then
    accepted=$((accepted + 1))
    if ! "$CRYPTOPERF" render --data "$T/v$i/data" --out "$T/v$i/out" "$dir/dataset.yaml" >"$T/v$i/render.txt" 2>&1; then
      bad=$((bad + 1))
      [ "$bad" -le 3 ] && diag "variant $i: validate accepted it, render refused it:" "$(tail -n 3 "$T/v$i/render.txt")"
    fi
  else
    refused=$((refused + 1))
    grep -q 'Sanitizer\|runtime error' "$T/v$i/validate.txt" && { bad=$((bad + 1)); diag "variant $i: validate crashed"; }
  fi
done
diag "$N variants: $accepted accepted, $refused refused"
check "render renders every variant validate accepts ($bad of $accepted did not)" [ "$bad" -eq 0 ]
check "the corpus holds variants validate accepts (at least a quarter)" [ "$accepted" -ge $((N / 4)) ]
check "the corpus holds variants validate refuses (at least a quarter)" [ "$refused" -ge $((N / 4)) ]
# the two kinds render refuses, each seen refused by validate
check "validate refuses two results on one chart bar" grep -qs 'expected one result per bar' "$T"/v*/validate.txt
check "validate refuses a style word its layout lacks" grep -qs "style.words: expected a word of the layout" "$T"/v*/validate.txt
done_testing
