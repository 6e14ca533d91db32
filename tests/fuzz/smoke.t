#!/usr/bin/env bash
# A short run of each fuzz target (make fuzz runs them for FUZZ_SECONDS):
# every seed of its corpus, then a few hundred mutations of them with a
# fixed seed, under ASan and UBSan. Catches a target that no longer builds
# or runs, and a parser that crashes on its own corpus. The corpus in
# tests/fuzz/corpus/ is not changed: what a run adds goes to a scratch
# folder.
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
T=$(tmpdir)
for t in validate import diff runner; do
  bin=$TOP/build/fuzz/fuzz_$t
  if [ ! -x "$bin" ]; then
    skip "fuzz target $t" "build/fuzz/fuzz_$t is not built (make fuzz-build; needs clang and libclang-rt-dev)"
    continue
  fi
  seeds=$(find "tests/fuzz/corpus/$t" -type f | wc -l)
  check "fuzz target $t has a corpus" [ "$seeds" -gt 0 ]
  mkdir -p "$T/$t"
  "$bin" -runs=400 -seed=1 -timeout=20 -rss_limit_mb=4096 -max_len=65536 -artifact_prefix="$T/crash-$t-" \
    "$T/$t" "tests/fuzz/corpus/$t" >"$T/$t.log" 2>&1
  rc=$?
  check "fuzz target $t: its corpus and 400 mutations run clean" [ "$rc" -eq 0 ]
  [ "$rc" -eq 0 ] || diag "$(grep -E 'ERROR|SUMMARY|runtime error' "$T/$t.log" | head -n 5)"
  check "fuzz target $t: no crash file" bash -c '! ls "$1"/crash-* >/dev/null 2>&1' _ "$T"
done
done_testing
