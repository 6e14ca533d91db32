#!/usr/bin/env bash
# tests/run-all, the judge of the whole suite, on made-up test programs:
# a plan that disagrees with the results is a failure (a program that
# planned 5 tests and printed 2 "ok" stopped early), SKIPs are counted
# apart, the last line is "N passed, N failed, N skipped", and two tests of
# one name in two folders keep their own logs; --alongside runs programs in
# a second lane and counts them in the same line.
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
T=$(tmpdir)

# prog FOLDER/NAME BODY: a test program printing BODY (printf format)
prog() {
  mkdir -p "$T/$(dirname "$1")"
  printf '#!/bin/sh\nprintf '"'%s'"'\nexit %s\n' "$2" "${3:-0}" >"$T/$1"
  chmod +x "$T/$1"
}
# judge PROGRAM...: runs run-all on them: its output in $T/out, its last
# line in $last, its exit status in $rc, its logs in $T/logs
judge() {
  rm -rf "$T/logs"
  TEST_LOG_DIR=$T/logs tests/run-all "$@" >"$T/out" 2>&1
  rc=$?
  last=$(tail -1 "$T/out")
}

prog a/short.t 'ok 1 - one\nok 2 - two\n1..5\n'
judge "$T/a/short.t"
check "planned 5, printed 2 ok: one failure on top of the 2 passes" [ "$last" = "2 passed, 1 failed, 0 skipped" ]
check "planned 5, printed 2 ok: run-all exits 1" [ "$rc" -eq 1 ]
check "planned 5, printed 2 ok: the log says so" grep -q "planned 5 tests, reported 2" "$T/logs/a/short.t.log"

prog a/noplan.t 'ok 1 - one\n'
judge "$T/a/noplan.t"
check "no plan at all: a failure" [ "$last" = "1 passed, 1 failed, 0 skipped" ]

prog a/crash.t 'ok 1 - one\n' 2
judge "$T/a/crash.t"
check "exit 2 without a 'not ok' (a crash): a failure" [ "$last" = "1 passed, 1 failed, 0 skipped" ]

prog a/none.t '1..0\n'
judge "$T/a/none.t"
check "no test at all: a failure" [ "$last" = "0 passed, 1 failed, 0 skipped" ]

prog a/skip.t 'ok 1 - ran\nok 2 - could not # SKIP no seeds here\nnot ok 3 - broke\n1..3\n' 1
judge "$T/a/skip.t"
check "a SKIP counts as skipped, not passed" [ "$last" = "1 passed, 1 failed, 1 skipped" ]
check "the SKIP and its reason are shown" grep -q "ok 2 - could not # SKIP no seeds here" "$T/out"

prog a/skipall.t '1..0 # SKIP no seed pages in ../shared/seeds\n'
judge "$T/a/skipall.t"
check "a program skipped as a whole (plan 1..0 with a skip directive) counts one skip" [ "$last" = "0 passed, 0 failed, 1 skipped" ]
check "a program skipped as a whole: run-all exits 0" [ "$rc" -eq 0 ]

prog a/same.t 'ok 1 - from a\n1..1\n'
prog b/same.t 'ok 1 - from b\n1..1\n'
judge "$T/a/same.t" "$T/b/same.t"
check "two good programs: all passed" [ "$last" = "2 passed, 0 failed, 0 skipped" ]
check "two good programs: run-all exits 0" [ "$rc" -eq 0 ]
check "a/same.t has its own log" grep -q "from a" "$T/logs/a/same.t.log"
check "b/same.t has its own log" grep -q "from b" "$T/logs/b/same.t.log"
check "the summary line names the folder" grep -q "^b/same.t " "$T/out"

# --alongside: a second lane, counted in the same last line
judge "$T/a/same.t" --alongside "$T/b/same.t"
check "--alongside: both lanes in the last line" [ "$last" = "2 passed, 0 failed, 0 skipped" ]
check "--alongside: the lane's program has its line" grep -q "^b/same.t " "$T/out"
check "--alongside: its log is written" grep -q "from b" "$T/logs/b/same.t.log"
judge "$T/a/same.t" --alongside "$T/a/crash.t"
check "--alongside: a crash in the lane counts as a failure" [ "$last" = "2 passed, 1 failed, 0 skipped" ]
check "--alongside: a failure in the lane makes run-all exit 1" [ "$rc" -eq 1 ]
printf '#!/bin/sh\nsleep 2\necho "ok 1 - slept"\necho 1..1\n' >"$T/a/sleep1.t"
cp "$T/a/sleep1.t" "$T/a/sleep2.t"
chmod +x "$T/a/sleep1.t" "$T/a/sleep2.t"
t0=$(date +%s%N)
judge "$T/a/sleep1.t" --alongside "$T/a/sleep2.t"
ms=$((($(date +%s%N) - t0) / 1000000))
check "--alongside: two 2 s programs in two lanes end within 3.5 s ($ms ms)" [ "$ms" -lt 3500 ]

# lib.sh's skip and skip_all speak that TAP
check "skip prints an ok line with the skip directive and the reason" \
  [ "$(bash -c ". tests/lib.sh; skip 'seed pages' 'not found'")" = "ok 1 - seed pages # SKIP not found" ]
check "skip_all prints the plan 1..0 with the skip directive and the reason" \
  [ "$(bash -c ". tests/lib.sh; skip_all 'no seeds'; echo after")" = "1..0 # SKIP no seeds" ]
done_testing
