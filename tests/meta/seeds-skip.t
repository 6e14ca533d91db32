#!/usr/bin/env bash
# tests/site/seeds.t needs the seed pages (../shared/seeds), which a clone
# may lack: there it must report a skip with its reason, so that make test
# can pass, and tests/run-all must count it as skipped, not passed. With the
# seeds it runs as usual (tests/site/seeds.t itself, in make test).
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
T=$(tmpdir)

SEEDS_DIR=$T/no-seeds tests/site/seeds.t >"$T/out" 2>&1
check "without seeds: exit 0" [ $? -eq 0 ]
check "without seeds: the plan says the whole test is skipped, and why" \
  grep -q "^1\.\.0 # SKIP seed pages not found in $T/no-seeds" "$T/out"
check "without seeds: no test reported as passed" bash -c "! grep -q '^ok ' '$T/out'"
SEEDS_DIR=$T/no-seeds TEST_LOG_DIR=$T/logs tests/run-all tests/site/seeds.t >"$T/run" 2>&1
check "tests/run-all counts it as skipped" [ "$(tail -1 "$T/run")" = "0 passed, 0 failed, 1 skipped" ]
done_testing
