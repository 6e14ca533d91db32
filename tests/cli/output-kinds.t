#!/usr/bin/env bash
# Every output path (issue 30, item 1): a regular file or nothing is
# replaced; a FIFO, a symbolic link or a folder at an output's path is an
# error naming what is there, and nothing is written (no temporary file,
# the FIFO/link/folder left as it was, the link's target unchanged). The
# outputs: import -o (cp_write_file_atomic, the runner's datasets' writer
# too), render's pages (the stage), render --chart-cache. No /dev/null as
# root here: a FIFO stands for a device.
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
T=$(tmpdir); [ -n "$KEEP" ] && echo "# $T"
FIXTURE=tests/fixtures/data/demo/examplelib-1.0/dataset.yaml
mkdir -p "$T/imp"
# the header of import.t's fixture (series fx, cmox-1.0)
cp "$TOP/tests/fixtures/import/header.yaml" "$T/imp/header.yaml"
cat >"$T/imp/results.csv" <<'EOF'
cycles,family,kind,key_bits,operation,configuration,buffer_bytes,cipher_mode,measure
3742,AES,performance,128,encryption,Small,32,CBC,sole-buffer
EOF
echo "shared file" >"$T/shared"
cp "$T/shared" "$T/shared.orig"

# make KIND PATH: a FIFO, a symlink to $T/shared, or a folder at PATH
make_kind() {
  case $1 in
    fifo) mkfifo "$2" ;;
    symlink) ln -s "$T/shared" "$2" ;;
    folder) mkdir "$2" ;;
  esac
}
found_word() { case $1 in fifo) echo "a FIFO (named pipe)" ;; symlink) echo "a symbolic link" ;; folder) echo "a folder" ;; esac; }
still_kind() {
  case $1 in
    fifo) [ -p "$2" ] ;;
    symlink) [ -L "$2" ] ;;
    folder) [ -d "$2" ] && [ ! -L "$2" ] ;;
  esac
}
temps() { find "$1" -name '*.tmp.*' | wc -l; }

for kind in fifo symlink folder; do
  # --- import -o -------------------------------------------------------------
  W=$T/import-$kind/fx/cmox-1.0   # the folders the dataset names
  mkdir -p "$W"
  make_kind "$kind" "$W/dataset.yaml"
  timeout 20 "$CRYPTOPERF" import --schema schema/dataset.schema.json --header "$T/imp/header.yaml" -o "$W/dataset.yaml" \
    "$T/imp/results.csv" >"$W/log" 2>&1
  check "import -o onto a $kind: exit 2" [ $? -eq 2 ]
  check "import -o onto a $kind: the message says what is there" \
    grep -qF "$W/dataset.yaml: cannot write: expected a regular file or nothing there, found $(found_word $kind)" "$W/log"
  check "import -o onto a $kind: still a $kind" still_kind "$kind" "$W/dataset.yaml"
  check "import -o onto a $kind: no temporary file" [ "$(temps "$W")" -eq 0 ]
  rm "$W/log"
  [ "$kind" = folder ] || rm "$W/dataset.yaml"
  timeout 20 "$CRYPTOPERF" import --schema schema/dataset.schema.json --header "$T/imp/header.yaml" -o "$W/dataset.yaml" \
    "$T/imp/results.csv" >"$W/log" 2>&1
  rc=$?
  [ "$kind" = folder ] || check "import -o once the $kind is gone: exit 0 (the refusal above was the only cause)" [ $rc -eq 0 ]
  check "import -o onto a $kind: the shared file unchanged" cmp -s "$T/shared" "$T/shared.orig"

  # --- render: a page's path ---------------------------------------------------
  W=$T/page-$kind
  mkdir -p "$W/out"
  make_kind "$kind" "$W/out/index.md"
  timeout 60 "$CRYPTOPERF" render --schema schema/dataset.schema.json --templates templates --out "$W/out" "$FIXTURE" \
    >"$W/log" 2>&1
  check "render, OUT/index.md a $kind: exit 2" [ $? -eq 2 ]
  check "render, OUT/index.md a $kind: the message says what is there" \
    grep -qF "$W/out/index.md: cannot write: expected a regular file or nothing there, found $(found_word $kind)" "$W/log"
  check "render, OUT/index.md a $kind: still a $kind" still_kind "$kind" "$W/out/index.md"
  check "render, OUT/index.md a $kind: no other file written" [ "$(find "$W/out" -mindepth 1 -not -path "$W/out/index.md*" | wc -l)" -eq 0 ]
  check "render, OUT/index.md a $kind: the shared file unchanged" cmp -s "$T/shared" "$T/shared.orig"

  # --- render --chart-cache ----------------------------------------------------
  W=$T/cache-$kind
  mkdir -p "$W"
  make_kind "$kind" "$W/cache"
  timeout 60 "$CRYPTOPERF" render --schema schema/dataset.schema.json --templates templates --out "$W/out" \
    --chart-cache "$W/cache" "$FIXTURE" >"$W/log" 2>&1
  check "render --chart-cache a $kind: exit 2" [ $? -eq 2 ]
  check "render --chart-cache a $kind: the message says what is there" \
    grep -qF "$W/cache: cannot use as the chart cache: expected a regular file or nothing there, found $(found_word $kind)" "$W/log"
  check "render --chart-cache a $kind: still a $kind" still_kind "$kind" "$W/cache"
  check "render --chart-cache a $kind: no page written" [ ! -e "$W/out" ]
  check "render --chart-cache a $kind: no temporary file" [ "$(temps "$W")" -eq 0 ]
  check "render --chart-cache a $kind: the shared file unchanged" cmp -s "$T/shared" "$T/shared.orig"
done
done_testing
