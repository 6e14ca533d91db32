#!/usr/bin/env bash
# A dry run builds nothing, and an image links the library build its labels
# name (issue 28). The archive rules are `+` lines, which `make -n` runs as
# well: a `touch` there once left a 0-byte archive that every later build
# linked without a word, and the Mbed TLS public-key images (their
# configuration's archive linked whole over `fast`) then ran fast's default
# ECC code under their own labels. Here, in a build folder of its own:
#   - `make -n` of the image that bug hit, of the default goal, of `make
#     test` and of a board with a needs probe leaves every file as it was;
#   - the image built afterwards runs the figures of the committed dataset;
#   - that image linked against another configuration's archive, an empty
#     `ar` archive or a 0-byte file is refused by the link, naming the
#     library build it needs (mk/fw-fingerprint; the runner's own check of
#     the fingerprint is in tests/runner/fake.t).
# The build folder starts with the library and harness objects the default
# board's build already has (make test built them), so this makes archives
# and one image: seconds, a minute or two when it has to compile them.
. "$(dirname "$0")/../lib.sh"
export LC_ALL=C # sort and join alike
RUN=${CRYPTOPERF_RUN:-$TOP/build/runner-asan/cryptoperf-run}
BOARD=mps2-an505
LV=mbedtls-3.6.6 CFG=ecc-small-low
T=$(tmpdir)
B=$T/build
# make from a test: not part of the calling make's jobserver
mk() { env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -C "$TOP" --no-print-directory BUILD="$B" "$@"; }
IMG=$B/fw/$BOARD/img/bench-$LV-$CFG.elf
libdir=$(mk -s --eval 'cp-print-libdir: ; @echo $(FW_LIB_DIR)' cp-print-libdir)
A=$libdir/$LV-$CFG.a FAST=$libdir/$LV-fast.a
shared=$TOP/build/fw/${libdir#"$B/fw/"}
for o in "$shared/$LV-fast" "$shared/$LV-$CFG" "$TOP/build/fw/$BOARD/obj" "$TOP/build/fw/vectors" "$TOP/build/fw/$LV"; do
  to=$B/fw/$(dirname "${o#"$TOP/build/fw/"}")
  mkdir -p "$to"
  [ -d "$o" ] && cp -a "$o" "$to/"
done
diag "build folder $B, seeded from $TOP/build/fw: $(find "$B" -name '*.o' | wc -l) objects"

# The base archive as a real build left it, as in the bug.
mk "$FAST" >"$T/fast.log" 2>&1
check "the fast archive builds" [ $? -eq 0 ]
# (and no lock file yet, which flock would create)
rm -f "$libdir/.lock"

# listing: every file and folder with its size and modification time
listing() { find "$B" -printf '%p %s %T@\n' | sort; }
listing >"$T/before"
stamp=$T/stamp
touch "$stamp"
dry() { # NAME, then make's arguments
  local name=$1
  shift
  mk -n "$@" >"$T/dry-$name.out" 2>&1
  check "make -n $*: exit 0" [ $? -eq 0 ]
}
dry image "$IMG"
check "... it shows the sub-make of $(basename "$A") (the line the bug ran)" \
  grep -qF -- "-f mk/fw-lib.mk LIB=$A " "$T/dry-image.out"
dry all
dry test test
dry probe BOARD=microbit fw-bench
listing >"$T/after"
check "the dry runs leave the build folder as it was (nothing created, touched or removed)" \
  cmp -s "$T/before" "$T/after"
diff "$T/before" "$T/after" | head -n 5 | sed 's/^/# /'
find "$TOP" \( -path "$TOP/.git" -o -path "$TOP/build/test-logs" \) -prune -o -newer "$stamp" -print >"$T/newer"
check "the dry runs write nothing in the checkout" [ ! -s "$T/newer" ]
head -n 5 "$T/newer" | sed 's/^/# /'

# The real build after the dry run, and its run.
mk "$IMG" "$B/fw/$BOARD/manifest.tsv" >"$T/build.log" 2>&1
rc=$?
check "the image builds after the dry run" [ $rc -eq 0 ]
[ $rc -eq 0 ] || tail -n 5 "$T/build.log" | sed 's/^/# /'
id=${LV//[-.]/_}_${CFG//-/_}
check "$(basename "$A") holds the fingerprint of $LV-$CFG" \
  bash -c 'arm-none-eabi-nm "$1" 2>/dev/null | grep -qw "$2"' _ "$A" "cp_library_built_for_$id"
awk -F'\t' -v i="$IMG" 'NR == 1 || $1 == i' "$B/fw/$BOARD/manifest.tsv" >"$T/one.tsv"
"$RUN" --top "$TOP" --data "$T/data" --schema "$TOP/schema/dataset.schema.json" --revision 000000000000 "$T/one.tsv" \
  >/dev/null 2>"$T/run.err"
rc=$?
check "the runner takes its run (exit 0)" [ $rc -eq 0 ]
[ $rc -eq 0 ] || sed 's/^/# /' "$T/run.err"

# rows: "identity<TAB>instructions<TAB>stack<TAB>heap" of the performance
# results of a dataset
rows() {
  grep -E '^  - \{.*kind: performance' "$1" | awk '{
    k = $0; split("", v)
    for (i = 1; i <= 3; i++) {
      f = i == 1 ? "instructions" : i == 2 ? "stack_bytes" : "heap_bytes"
      if (match($0, f ": [0-9]+")) v[i] = substr($0, RSTART + length(f) + 2, RLENGTH - length(f) - 2)
      gsub(", " f ": [0-9]+", "", k)
    }
    print k "\t" v[1] "\t" v[2] "\t" v[3] }' | sort
}
rows "$T/data/$BOARD/$LV/dataset.yaml" 2>/dev/null >"$T/measured"
rows "$TOP/data/$BOARD/$LV/dataset.yaml" >"$T/committed"
join -t $'\t' "$T/measured" "$T/committed" >"$T/both"
n=$(wc -l <"$T/measured")
check "the run gives the ECDSA and ECDH rows of $CFG ($n)" [ "$n" -ge 12 ]
check "... each one the committed dataset has" [ "$(wc -l <"$T/both")" -eq "$n" ]
# Stack and heap say which code ran (the bug's P-384 verification took
# 4,816 heap bytes for 8,272); an instruction count may move by a few
# hundredths of a percent with the SysTick wraps' phase, which any change
# of the code before a case shifts.
check "... with the committed heap figures" awk -F'\t' '$4 != $7 { exit 1 }' "$T/both"
check "... with the committed stack figures" awk -F'\t' '$3 != $6 { exit 1 }' "$T/both"
check "... and instruction counts within 0.1 % of the committed ones" \
  awk -F'\t' '{ d = $2 - $5; if (d < 0) d = -d; if (d * 1000 > $5) exit 1 }' "$T/both"
awk -F'\t' '$2 != $5 || $3 != $6 || $4 != $7 { print "# " $1 ": measured " $2 " " $3 " " $4 ", committed " $5 " " $6 " " $7 }' \
  "$T/both" | head -n 5

# Archives that do not hold the configuration: the link refuses each.
refused() { # NAME: relink the image over the archive as it now is
  mk "$IMG" >"$T/link-$1.log" 2>&1
  local rc=$?
  check "$1 as $(basename "$A"): the link fails" [ $rc -ne 0 ]
  # ld stops at the first of the two symbols an image needs (mk/firmware.mk)
  check "$1: the link names the library build it needs" \
    grep -qE "(undefined|required) symbol .cp_(fingerprint|library_built_for)_$id'" "$T/link-$1.log"
  grep -m 1 'symbol' "$T/link-$1.log" | sed 's/^.*ld:/# ld:/'
  check "$1: no image is left to run" [ ! -e "$IMG" ]
}
cp "$FAST" "$A"
refused "the fast configuration's archive"
rm -f "$A" && arm-none-eabi-ar rcs "$A"
refused "an empty ar archive"
: >"$A"
refused "a 0-byte file"
done_testing
