#!/usr/bin/env bash
# firmware/runner/cryptoperf-run.1 is well-formed roff and documents every
# option cryptoperf-run --help lists.
. "$(dirname "$0")/../lib.sh"
MAN=$TOP/firmware/runner/cryptoperf-run.1
RUN=${CRYPTOPERF_RUN:-$TOP/build/runner-asan/cryptoperf-run}

warnings=$(LC_ALL=C.UTF-8 groff -man -Tutf8 -ww -z "$MAN" 2>&1)
check "groff -man -ww parses the runner's man page without a warning" [ -z "$warnings" ]
[ -z "$warnings" ] || diag "$warnings"

text=$(LC_ALL=C.UTF-8 groff -man -Tutf8 -P-cbou "$MAN" 2>/dev/null)
for s in NAME SYNOPSIS DESCRIPTION OPTIONS "EXIT STATUS" EXAMPLES; do
  check "it renders the section $s" grep -qx "$s" <<<"$text"
done
opts=$("$RUN" --help | grep -o -- ' -[a-z-]*' | sort -u)
check "cryptoperf-run --help lists options" [ -n "$opts" ]
for o in $opts; do
  check "the man page documents $o" grep -q -- "$(sed 's/-/\\\\-/g' <<<"$o")" "$MAN"
done
done_testing
