#!/usr/bin/env bash
# gen/bash-completion/cryptoperf: commands, every option each command's help
# lists, the values some options take, and files or folders for operands,
# completed as bash would (COMP_WORDS, COMP_CWORD, the function complete -F
# registered).
. "$(dirname "$0")/../lib.sh"
COMPLETION=$TOP/gen/bash-completion/cryptoperf
T=$(tmpdir)

check "the completion file is valid bash" bash -n "$COMPLETION"
# shellcheck source=/dev/null
. "$COMPLETION"
check "it registers a function for cryptoperf" grep -q -- '-F _cryptoperf cryptoperf$' <<<"$(complete -p cryptoperf)"

# complete WORD...: what <TAB> offers after the words (the last one is being typed)
complete_words() {
  COMP_WORDS=("$CRYPTOPERF" "$@")
  COMP_CWORD=$#
  COMPREPLY=()
  _cryptoperf "$CRYPTOPERF" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
  printf '%s\n' "${COMPREPLY[@]}" | sort
}
offers() { # WORD... then -- then what must be offered
  local words=() w got
  while [ "$1" != -- ]; do words+=("$1"); shift; done
  shift
  got=$(complete_words "${words[@]}")
  for w in "$@"; do
    grep -qxF -- "$w" <<<"$got" || { diag "'$w' not offered after '${words[*]}'; offered: $(tr '\n' ' ' <<<"$got")"; return 1; }
  done
}

commands=$("$CRYPTOPERF" --help | awk '/^commands:/ { on = 1; next } on && NF { print $1 } on && !NF { on = 0 }')
# shellcheck disable=SC2086
check "the commands" offers "" -- $commands
check "a prefix narrows them" [ "$(complete_words "re")" = render ]
check "help completes a command" offers help "" -- validate render diff
for c in $commands; do
  [ "$c" = help ] && continue
  opts=$("$CRYPTOPERF" help "$c" | grep -o -- '\(^\| \)--\?[a-z][-a-z]*' | tr -d ' ' | sort -u)
  # shellcheck disable=SC2086
  check "$c: every option its help lists ($(wc -w <<<"$opts"))" offers "$c" - -- $opts
done
check "diff --format: yaml and json" [ "$(complete_words diff --format "" | tr '\n' ' ')" = "json yaml " ]
check "diff --fail-on: the marks" offers diff --fail-on "" -- better worse not-comparable
mkdir -p "$T/dir.d" && : >"$T/a.yaml" && : >"$T/b.csv"
check "render --templates: folders only" [ "$(complete_words render --templates "$T/")" = "$T/dir.d" ]
check "validate: YAML files and folders" [ "$(complete_words validate "$T/" | tr '\n' ' ')" = "$T/a.yaml $T/dir.d " ]
check "import: CSV files and folders" [ "$(complete_words import --header h.yaml -o o.yaml "$T/" | tr '\n' ' ')" = "$T/b.csv $T/dir.d " ]
check "import --header: any file" offers import --header "$T/" -- "$T/a.yaml" "$T/b.csv"
done_testing
