#!/usr/bin/env bash
# The plan of gen/ (gen/README.md, "Layers", issue 29): a command over a
# library whose folders are layers, include lines that name the layer, no
# upward include, no circle, the runner and bench/ through the public
# header only. tests/meta/layers.pl checks the include lines; here it runs
# on the tree, then on copies of it with one rule broken each, which it
# must find and name.
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
T=$(tmpdir)
GUARD=tests/meta/layers.pl

if "$GUARD" . >"$T/hits"; then
  ok "gen/ keeps its layers, and the runner and bench/ include only cryptoperf.h"
else
  fail "gen/ breaks its plan (gen/README.md, Layers)"
  mapfile -t hits <"$T/hits"
  diag "${hits[@]}"
fi

# copy: a fresh tree of what the guard reads, to break one rule in
copy() {
  local d
  d=$(mktemp -d "$T/tree.XXXXXX")
  mkdir -p "$d/firmware"
  cp -r gen bench "$d/"
  cp -r firmware/runner firmware/cycles "$d/firmware/"
  echo "$d"
}
# broken WHAT EXPECTED: the guard on the copy $D exits 1 and prints EXPECTED
broken() {
  local what=$1 expected=$2
  "$GUARD" "$D" >"$T/out" 2>&1
  check "$what: the guard exits 1" [ $? -eq 1 ]
  check "$what: it says $expected" grep -qF -- "$expected" "$T/out"
}

D=$(copy)
check "an untouched copy passes" "$GUARD" "$D"

D=$(copy)
sed -i '/<!-- layers:/d' "$D/gen/README.md"
broken "gen/README.md without its layer block" "gen/README.md: no layer block"

D=$(copy)
printf '#include "site/prune.h"\n' >>"$D/gen/lib/data/node.c"
broken "a lower layer includes a higher one" \
  "gen/lib/data/node.c:$(wc -l <"$D/gen/lib/data/node.c"): includes \"site/prune.h\": data (layer 2) may not include site (layer 6, above it)"

D=$(copy)
printf '#include "chart/gnuplot.h"\n' >>"$D/gen/lib/render/render.c"
broken "a folder includes a sibling of its layer" "includes \"chart/gnuplot.h\": render may not include chart, a sibling of its layer"

D=$(copy)
sed -i 's|^allow .*||; /^1  base$/a allow gen/lib/data/node.c -> site/prune.h: the test of the exception' "$D/gen/README.md"
printf '#include "site/prune.h"\n' >>"$D/gen/lib/data/node.c"
check "an upward include on an allow line with its reason passes" "$GUARD" "$D"

D=$(copy)
printf '#include "util.h"\n' >>"$D/gen/lib/page/page.c"
broken "an include without its layer" "gen/lib/page/page.c:$(wc -l <"$D/gen/lib/page/page.c"): includes \"util.h\": expected a layered path"

D=$(copy)
printf '#include "data/diag.h"\n' >>"$D/gen/lib/data/node.c"
broken "a circle between two modules of one folder" "a circle of includes between the modules data/diag, data/node"

D=$(copy)
printf '/* nothing to see */\nint cp_extra(void);\n' >"$D/gen/lib/base/extra.c"
broken "a .c with no header of its own, naming none" "gen/lib/base/extra.c:1: no extra.h beside it"

D=$(copy)
printf '/* util.h, again */\n' >"$D/gen/lib/site/util.c"
broken "two .c files of one base name" "gen/lib/site/util.c: same base name as gen/lib/base/util.c"

D=$(copy)
mkdir "$D/gen/lib/extra"
broken "a folder in no layer" "folder extra is in no layer"

D=$(copy)
sed -i '0,/#include "cryptoperf.h"/s//#include "cryptoperf.h"\n#include "data\/node.h"/' "$D/firmware/runner/row.c"
broken "the runner includes a header of the library's own" "firmware/runner/row.c"
check "... and says the public header is the way" grep -qF 'includes "data/node.h": outside gen/, only the library'"'"'s public header cryptoperf.h' "$T/out"

D=$(copy)
sed -i 's|#include "cryptoperf.h"|#include "base/util.h"|' "$D/bench/validate_bench.c"
broken "bench/ includes a header of the library's own" "bench/validate_bench.c"

D=$(copy)
sed -i '0,/#include "cryptoperf.h"/s//#include "cryptoperf.h"\n#include "util.h"/' "$D/firmware/runner/quote.c"
broken "the runner includes a header of the library by its old bare name" "firmware/runner/quote.c"
done_testing
