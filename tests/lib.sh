# TAP helpers for shell tests: source it, call ok/fail/check/skip, end with done_testing.
# shellcheck shell=bash
_n=0
_failed=0
TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CRYPTOPERF=${CRYPTOPERF:-$TOP/build/asan/cryptoperf}
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
ok()   { _n=$((_n + 1)); echo "ok $_n - $*"; }
fail() { _n=$((_n + 1)); _failed=$((_failed + 1)); echo "not ok $_n - $*"; }
# check "description" command...   passes when the command exits 0
check() { local d=$1; shift; if "$@"; then ok "$d"; else fail "$d"; fi; }
# skip "description" "why": a test that cannot run here, counted as skipped
# (tests/run-all), never as passed
skip() { _n=$((_n + 1)); echo "ok $_n - $1 # SKIP $2"; }
# skip_all "why": the whole program cannot run here (plan 1..0); exits
skip_all() { echo "1..0 # SKIP $1"; exit 0; }
# diag: a note in the log
diag() { printf '# %s\n' "$@"; }
done_testing() { echo "1..$_n"; [ "$_failed" -eq 0 ]; }
# tmpdir: a fresh folder, removed when the test ends. Tests call it as
# T=$(tmpdir), a subshell, where an EXIT trap would never fire: the trap
# belongs to the test's own shell, on one root for all its folders.
_tmproot=$(mktemp -d)
trap 'rm -rf "$_tmproot"' EXIT
tmpdir() { mktemp -d "$_tmproot/t.XXXXXX"; }
# toptree: a fresh folder whose data, templates, schema and tests are the
# repository's (symlinks). Rendering there with relative paths gives the
# relative links a render in the repository gives (the index links each
# dataset.yaml relative to the output folder), wherever the repository is.
toptree() {
  local d x
  d=$(tmpdir)
  for x in data templates schema tests; do ln -s "$TOP/$x" "$d/$x"; done
  echo "$d"
}
