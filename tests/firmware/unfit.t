#!/usr/bin/env bash
# firmware/bench/unfit.awk, which turns a needs probe's output into the
# records of an image too big for its board: each case the probe ran
# becomes a not-run record with every identifying field of its result
# (keys with digits too: pkcs1), the probe's needs and the reason; its
# figures (instructions, stack, heap, evidence) are dropped. A record cut
# short would leave a not-run row the page cannot place and a footprint
# row the runner cannot match.
. "$(dirname "$0")/../lib.sh"
d=$(tmpdir)
cat >"$d/probe.out" <<'YAML'
results:
  # case rsa-v1.5-2048-sign
  - family: "RSA"
    kind: "performance"
    pkcs1: "v1.5"
    modexp_method: "crt"
    modulus_bits: 2048
    hash: "sha256"
    operation: "signature"
    math_config: "Small"
    instructions: 89387590
    stack_bytes: 1508
    heap_bytes: 10232
    evidence:
      case: "rsa-v1.5-2048-sign"
      signature: "52a9"
  # needs rsa-v1.5-2048-sign 2888 824
  # case aes-cbc-128-enc
  - family: "AES"
    kind: "performance"
    key_bits: 128
    operation: "encryption"
    instructions: 3000
  # needs aes-cbc-128-enc 400 0
YAML
awk -v reason='needs 16.4 KiB of static data' -f "$TOP/firmware/bench/unfit.awk" "$d/probe.out" >"$d/unfit.c"
rc=$?
check "unfit.awk exits 0" [ "$rc" -eq 0 ]
rsa=$(sed -n '/"rsa-v1.5-2048-sign"/,/},/p' "$d/unfit.c")
for f in 'kind: \"not-run\"' 'pkcs1: \"v1.5\"' 'modexp_method: \"crt\"' 'modulus_bits: 2048' 'operation: \"signature\"' 'math_config: \"Small\"'; do
  check "the RSA record keeps ${f//\\/}" grep -qF "$f" <<<"$rsa"
done
check "... and its needs (2888, 824)" grep -q "2888u, 824u" <<<"$rsa"
for f in instructions stack_bytes heap_bytes evidence signature; do
  check "the RSA record drops $f" [ -z "$(grep -F " $f:" <<<"$rsa")" ]
done
check "both cases are there" grep -q "cp_unfit_count = 2u" "$d/unfit.c"
check "the reason is there" grep -qF 'cp_unfit_reason[] = "needs 16.4 KiB of static data"' "$d/unfit.c"
check "the generated C compiles" arm-none-eabi-gcc -c -I"$TOP/firmware/bench" -o "$d/unfit.o" -x c "$d/unfit.c"
done_testing
