#!/usr/bin/env bash
# gen/cryptoperf.1 is well-formed roff and documents every command and
# every option the command itself lists.
. "$(dirname "$0")/../lib.sh"
MAN=$TOP/gen/cryptoperf.1

warnings=$(LC_ALL=C.UTF-8 groff -man -Tutf8 -ww -z "$MAN" 2>&1)
check "groff -man -ww parses the man page without a warning" [ -z "$warnings" ]
[ -z "$warnings" ] || diag "$warnings"

text=$(LC_ALL=C.UTF-8 groff -man -Tutf8 -P-cbou "$MAN" 2>/dev/null)
for s in NAME SYNOPSIS DESCRIPTION "EXIT STATUS" EXAMPLES; do
  check "it renders the section $s" grep -qx "$s" <<<"$text"
done

commands=$("$CRYPTOPERF" --help | awk '/^commands:/ { on = 1; next } on && NF { print $1 } on && !NF { on = 0 }')
check "cryptoperf --help lists commands" [ -n "$commands" ]
for c in $commands; do
  check "the man page has a section for '$c'" grep -qx ".SS $c" "$MAN"
done
for c in $commands; do
  [ "$c" = help ] && continue
  for o in $("$CRYPTOPERF" help "$c" | grep -o -- '--[a-z-]*' | sort -u); do
    check "the man page documents $c $o" grep -q -- "$(sed 's/-/\\\\-/g' <<<"$o")" "$MAN"
  done
done
done_testing
