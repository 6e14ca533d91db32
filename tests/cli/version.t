#!/usr/bin/env bash
# --version: one line, the release debian/changelog names, the same from
# cryptoperf alone and after every command; the man page and --help say so.
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
T=$(tmpdir)

release=$(sed -n '1s/^cryptoperf (\([^)]*\)).*/\1/p' debian/changelog)
check "debian/changelog names a release" [ -n "$release" ]
"$CRYPTOPERF" --version >"$T/out" 2>"$T/err"
check "cryptoperf --version: exit 0" [ $? -eq 0 ]
check "... one line, 'cryptoperf $release'" [ "$(cat "$T/out")" = "cryptoperf $release" ]
check "... nothing on stderr" [ ! -s "$T/err" ]
commands=$("$CRYPTOPERF" --help | awk '/^commands:/ { on = 1; next } on && NF { print $1 } on && !NF { on = 0 }')
for c in $commands; do
  [ "$c" = help ] && continue
  # the other arguments need not be valid: --version answers first, as --help does
  "$CRYPTOPERF" "$c" --bogus --version >"$T/out" 2>"$T/err"
  rc=$?
  check "cryptoperf $c --version: exit 0" [ "$rc" -eq 0 ]
  check "... '$(cat "$T/out")'" [ "$(cat "$T/out")" = "cryptoperf $release" ]
done
check "cryptoperf --help mentions --version" bash -c "'$CRYPTOPERF' --help | grep -q -- '--version'"
check "the man page documents --version" grep -qF -- '\-\-version' gen/cryptoperf.1
done_testing
