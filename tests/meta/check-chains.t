#!/usr/bin/env bash
# The guard against `check "what" A && B`: check runs A only, so B is never
# checked (the firmware and chart tests had a dozen). No shell test may
# chain a command after a check; tests/meta/check-chains.pl finds them.
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
T=$(tmpdir)
GUARD=tests/meta/check-chains.pl

mapfile -t files < <(find tests -name '*.t' -o -name '*.sh' | sort)
check "there are shell tests to look at (${#files[@]})" [ "${#files[@]}" -gt 20 ]
if "$GUARD" "${files[@]}" >"$T/hits"; then
  ok "no shell test chains a command after check"
else
  fail "shell tests chain a command after check"; diag "$(cat "$T/hits")"
fi

# the guard can fail: each of these is a hit
cat >"$T/bad.t" <<'BAD'
check "two tests" [ "$rc" -eq 0 ] && [ "$n" -gt 0 ]
check "either" grep -q x file || true
check "piped" cat file | grep -q x
  check "continued" [ -f a ] \
    && [ -f b ]
if true; then check "after then" [ 1 ] && [ 2 ]; fi
check "after a substitution" [ "$(cat "$f" | wc -l)" -eq 1 ] && [ 2 ]
BAD
"$GUARD" "$T/bad.t" >"$T/bad.out"
check "the guard exits 1 on chained checks" [ $? -eq 1 ]
for line in 1 2 3 4 6 7; do
  check "the guard names $T/bad.t:$line" grep -q "^$T/bad.t:$line: " "$T/bad.out"
done
check "the guard reports each hit once ($(wc -l <"$T/bad.out") lines)" [ "$(wc -l <"$T/bad.out")" -eq 6 ]
# ... and these are not
cat >"$T/good.t" <<'GOOD'
check "one test, && in its description" [ "$rc" -eq 0 ]
check "quoted" eval '[ 1 ] && [ 2 ]'
check "in a string" grep -q "a && b" file
[ -f x ] && check "check after &&" [ 1 ]
check "comment" [ 1 ]   # && not code
check "test -a" test -f a -a -f b
checkpoint && other
check "a pipe inside a command substitution" [ "$(cat "$d"/x | grep -c y)" -eq 4 ]
check "a pipe inside a process substitution" grep -q x <(sort f | head -n 1)
GOOD
check "the guard passes single-condition checks" "$GUARD" "$T/good.t"
done_testing
