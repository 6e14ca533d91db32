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
# (fixtures in files of their own: not shell tests, so no guard or
# lint reads their deliberate chains as real checks)
cp tests/meta/check-chains.bad "$T/bad.t"
"$GUARD" "$T/bad.t" >"$T/bad.out"
check "the guard exits 1 on chained checks" [ $? -eq 1 ]
for line in 1 2 3 4 6 7; do
  check "the guard names $T/bad.t:$line" grep -q "^$T/bad.t:$line: " "$T/bad.out"
done
check "the guard reports each hit once ($(wc -l <"$T/bad.out") lines)" [ "$(wc -l <"$T/bad.out")" -eq 6 ]
# ... and these are not
cp tests/meta/check-chains.good "$T/good.t"
check "the guard passes single-condition checks" "$GUARD" "$T/good.t"
done_testing
