#!/usr/bin/env bash
# cryptoperf against the pipeline a user would write instead (bench/README.md):
# the same datasets (data/ by default) rendered by cryptoperf (pages, diff and
# comparison pages, index, every chart; no chart cache) and by
# bench/reference.py (PyYAML's C loader, jsonschema, one Markdown page per
# dataset, the charts with matplotlib), run alternately RUNS times; prints
# the best wall time of each and their ratio.
#   bench/python-reference.sh [RUNS] [DATASET...]     (default 3, data/*/*/dataset.yaml)
# Installs python3-yaml, python3-jsonschema and python3-matplotlib when
# missing (mk/install-deps; Debian's, hence /usr/bin/python3).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
shift || true
datasets=("$@")
[ ${#datasets[@]} -gt 0 ] || datasets=(data/*/*/dataset.yaml)
mk/install-deps python3-yaml python3-jsonschema python3-matplotlib
make --no-print-directory -s gen
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
now() { date +%s%N; }
best_cp=0 best_py=0
for ((r = 1; r <= runs; r++)); do
  rm -rf "$work/cp" "$work/py"
  t=$(now)
  build/gen/cryptoperf render --data data --templates templates --out "$work/cp" "${datasets[@]}" 2>"$work/cp.err"
  cp_ms=$((($(now) - t) / 1000000))
  t=$(now)
  /usr/bin/python3 bench/reference.py schema/dataset.schema.json "$work/py" "${datasets[@]}" >"$work/py.out"
  py_ms=$((($(now) - t) / 1000000))
  echo "run $r: cryptoperf ${cp_ms} ms ($(find "$work/cp" -name '*.svg' | wc -l) charts), reference ${py_ms} ms ($(cat "$work/py.out"))"
  [ "$best_cp" -eq 0 ] || [ "$cp_ms" -lt "$best_cp" ] && best_cp=$cp_ms
  [ "$best_py" -eq 0 ] || [ "$py_ms" -lt "$best_py" ] && best_py=$py_ms
done
awk -v c="$best_cp" -v p="$best_py" -v n="${#datasets[@]}" 'BEGIN {
  printf "best of each: cryptoperf %.2f s, reference %.2f s on %d datasets\n", c / 1000, p / 1000, n
  printf "ratio reference / cryptoperf: %.1fx (target >= 30x)\n", p / c }'
