#!/usr/bin/env bash
# The man pages of the firmware side's commands (cryptoperf-run,
# cryptoperf-cycles) are well-formed roff and document every option their
# --help lists.
. "$(dirname "$0")/../lib.sh"
RUN=${CRYPTOPERF_RUN:-$TOP/build/runner-asan/cryptoperf-run}
CYCLES=${CYCLES:-$TOP/build/cycles-launch-asan/cryptoperf-cycles}

# man_checks <man page> <program>
man_checks() {
  local man=$1 prog=$2 name warnings text opts o
  name=$(basename "$man" .1)
  warnings=$(LC_ALL=C.UTF-8 groff -man -Tutf8 -ww -z "$man" 2>&1)
  check "groff -man -ww parses $name's man page without a warning" [ -z "$warnings" ]
  [ -z "$warnings" ] || diag "$warnings"
  text=$(LC_ALL=C.UTF-8 groff -man -Tutf8 -P-cbou "$man" 2>/dev/null)
  for s in NAME SYNOPSIS DESCRIPTION OPTIONS "EXIT STATUS" EXAMPLES; do
    check "$name: it renders the section $s" grep -qx "$s" <<<"$text"
  done
  opts=$("$prog" --help | grep -o -- ' -[a-z-]*' | sort -u)
  check "$name --help lists options" [ -n "$opts" ]
  for o in $opts; do
    check "$name: the man page documents $o" grep -q -- "$(sed 's/-/\\\\-/g' <<<"$o")" "$man"
  done
}
man_checks "$TOP/firmware/runner/cryptoperf-run.1" "$RUN"
man_checks "$TOP/firmware/cycles/cryptoperf-cycles.1" "$CYCLES"
done_testing
