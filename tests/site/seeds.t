#!/usr/bin/env bash
# The committed pages reproduce the published seed pages (../shared/seeds, or
# $SEEDS_DIR; beside the clone, or beside the worktrees' folder): every table row of the V5 page is a row of the generated V5
# page with the same cell text (whitespace ignored; the two quirks listed in
# pagerows.pl are the rows we print corrected), every number of every V4 row
# is in one generated row, and every Cyclone table line is a generated row.
# Without the seed pages (a clone without ../shared/seeds) the test is
# skipped with the reason, counted as skipped by tests/run-all, never as
# passed; with them it passes or fails on the pages.
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
# default: shared/ beside the clone (CI), or beside the worktree folder
if [ -z "${SEEDS_DIR:-}" ]; then
  SEEDS_DIR=$TOP/../shared/seeds
  [ -d "$SEEDS_DIR" ] || [ ! -d "$TOP/../../shared/seeds" ] || SEEDS_DIR=$TOP/../../shared/seeds
fi
ROWS=tests/site/pagerows.pl

if [ ! -f "$SEEDS_DIR/st-stm32l5-cmox-v5.txt" ]; then
  skip_all "seed pages not found in $SEEDS_DIR (a clone without ../shared/seeds; set SEEDS_DIR to check the pages against them)"
fi
ok "seed pages found in $SEEDS_DIR"

page() { echo "site/$1/index.wiki site/$1/index.md"; }
run() { # description, command...
  local d=$1; shift
  local out
  out=$("$@" 2>&1)
  local rc=$?
  [ -n "$out" ] && sed 's/^/# /' <<<"$out"
  if [ $rc -eq 0 ]; then ok "$d"; else fail "$d"; fi
}
# shellcheck disable=SC2046
run "V5 page: every seed table row, same cell text" \
  $ROWS check-v5 "$SEEDS_DIR/st-stm32l5-cmox-v5.txt" $(page stm32l5/cmox-050000b2)
# shellcheck disable=SC2046
run "V4 page: every number of every seed row" \
  $ROWS check-numbers "$SEEDS_DIR/st-stm32l5-cmox-v4.txt" $(page stm32l5/cmox-040000b1)
# shellcheck disable=SC2046
run "Cyclone page: every seed table line" \
  $ROWS check-concat "$SEEDS_DIR/cyclone-stm32l562.txt" $(page stm32l562/cyclonecrypto-2.1.6)

# the checks can fail: a page with one value changed must be caught
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT   # (lib.sh tmpdir loses its dir: its trap runs in the $(...) subshell)
sed 's/| 11 667 |/| 11 668 |/' site/stm32l5/cmox-050000b2/index.md >"$T/index.md"
if $ROWS check-v5 "$SEEDS_DIR/st-stm32l5-cmox-v5.txt" "$T/index.md" >/dev/null 2>&1; then
  fail "the V5 check misses a changed cell"
else
  ok "the V5 check catches a changed cell"
fi
sed 's/| 2924624 |/| 2924625 |/; s/| 2 924 624 |/| 2 924 625 |/' site/stm32l5/cmox-040000b1/index.md >"$T/v4.md"
if $ROWS check-numbers "$SEEDS_DIR/st-stm32l5-cmox-v4.txt" "$T/v4.md" >/dev/null 2>&1; then
  fail "the V4 check misses a changed number"
else
  ok "the V4 check catches a changed number"
fi

# V5 section numbering and order
grep -E '^=+ [0-9.]+ ' site/stm32l5/cmox-050000b2/index.wiki | sed -E 's/^=+ ([0-9.]+) .*/\1/' | tr '\n' ' ' >"$T/numbers"
check "V5 sections are numbered 1, 1.1-1.4, 2, 2.1-2.8 in order" \
  grep -q '^1\. 1\.1\. 1\.2\. 1\.3\. 1\.4\. 2\. 2\.1\. 2\.1\.1\. 2\.1\.2\. 2\.2\. 2\.2\.1\. 2\.2\.2\. 2\.3\. 2\.4\. 2\.5\. 2\.6\. 2\.7\. 2\.8\. ' "$T/numbers"
check "V5 ML-KEM and HBS-LMS (no rows in the transcription) say: not measured in this dataset" \
  test "$(grep -cE '^(ML-KEM|HBS-LMS) is not measured in this dataset\.$' site/stm32l5/cmox-050000b2/index.md)" -eq 2
done_testing
