#!/usr/bin/env bash
# cryptoperf at scale (bench/README.md): for each N, a synthetic dataset of N
# results (bench/synthetic.sh), then
#   validate: wall time and peak RSS (per result);
#   render into an empty folder: wall time, load+validate / pages / charts
#     apart (render --timing), charts drawn, peak RSS (per result);
#   render again with nothing changed (--chart-cache): wall time and its
#     ratio to the first.
#   bench/scale.sh [N...]      (default 10000 100000 1000000; the optimised build)
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -gt 0 ] || set -- 10000 100000 1000000
make --no-print-directory -s gen
BIN=build/gen/cryptoperf
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# runs a command; sets ms (wall) and kb (peak RSS of it and its children)
measure() {
  local t
  t=$(date +%s%N)
  kb=$(/usr/bin/python3 -c 'import resource, subprocess, sys
r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss if r.returncode == 0 else -1)' "$@")
  ms=$((($(date +%s%N) - t) / 1000000))
  [ "$kb" -gt 0 ] || { echo "failed: $*" >&2; exit 1; }
}
per() { awk -v kb="$1" -v n="$2" 'BEGIN { printf "%.2f KB", kb * 1024 / n / 1000 }'; }
for n in "$@"; do
  rm -rf "$work/n"
  ds=$(bench/synthetic.sh "$n" "$work/n")
  echo "== $n results ($(wc -c <"$ds") bytes)"
  measure "$BIN" validate "$ds"
  echo "validate: $((ms / 1000)).$(printf %03d $((ms % 1000))) s, peak RSS $((kb / 1024)) MB ($(per "$kb" "$n") a result)"
  measure "$BIN" render --timing --chart-cache "$work/n/cache" --out "$work/n/site" "$ds" 2>"$work/timing"
  first=$ms
  echo "render:   $((ms / 1000)).$(printf %03d $((ms % 1000))) s, peak RSS $((kb / 1024)) MB ($(per "$kb" "$n") a result)"
  sed 's/^timing: /          /' "$work/timing"
  measure "$BIN" render --timing --chart-cache "$work/n/cache" --out "$work/n/site" "$ds" 2>"$work/timing"
  awk -v a="$ms" -v b="$first" 'BEGIN { printf "again, nothing changed: %.3f s, %.2f of the first (target < 0.25)\n", a / 1000, a / b }'
  sed 's/^timing: /          /' "$work/timing"
done
