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

# the examples name folders and files of this checkout (a reader copies
# them): every data/... and site/... path in EXAMPLES exists
examples=$(awk '/^\.SH EXAMPLES/ { on = 1; next } /^\.SH / { on = 0 } on' "$MAN" | sed 's/\\-/-/g; s/\\e$//')
paths=$(grep -oE '(^|[ ])(data|site)/[^ ]+' <<<"$examples" | tr -d ' ' | sort -u)
check "EXAMPLES name paths of the checkout" [ -n "$paths" ]
while read -r p; do
  case $p in
    *'*'*) check "EXAMPLES: $p matches files" [ -n "$(cd "$TOP" && compgen -G "$p")" ] ;;
    *) check "EXAMPLES: $p exists" [ -e "$TOP/$p" ] ;;
  esac
done <<<"$paths"
# render and diff --out write three formats: help and man page say all three
check "help render says it writes wiki, Markdown and HTML" \
  bash -c "'$CRYPTOPERF' help render | grep -q 'index.html  (standalone HTML)'"
check "help diff: --out writes wiki, Markdown and HTML" \
  bash -c "'$CRYPTOPERF' help diff | grep -q -- '--out DIR        write the diff page as wiki, Markdown and HTML'"
check "the man page: diff --out writes wiki, Markdown and HTML" grep -qx 'Write the diff page as wiki, Markdown and HTML:' "$MAN"
check "the command list says render writes HTML too" bash -c "'$CRYPTOPERF' --help | grep -q '^  render .*wiki, Markdown, HTML'"
done_testing
