#!/usr/bin/env bash
# What a render places survives a power cut (issue 30): the order of its
# fsyncs and renames, seen by strace. A staged file is synced before the
# journal names it and before its rename; the journal is synced, and its
# folder, before the first file is placed; the folders are synced after
# the last rename and before the journal goes. The same for one file
# written whole (cp_write_file_atomic: import's output), and for the
# placing a killed run left (its journal completed by the next render).
# A missing fsync shows only after a real power cut, never in a test that
# reads the files back: hence the system calls.
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
command -v strace >/dev/null || skip_all "strace is not installed (Debian package strace, mk/deps.mk DEPS_TEST)"
T=$(tmpdir)
FIXTURE=tests/fixtures/data/demo/examplelib-1.0/dataset.yaml
# LeakSanitizer cannot run under ptrace: the leak check is other tests' job
export ASAN_OPTIONS=detect_leaks=0
traced() { # log, command...: the fsyncs, renames and unlinks of the command, fds shown as paths
  local log=$1; shift
  strace -f -y -qq -o "$log" -e trace=fsync,fdatasync,rename,renameat,renameat2,unlink,unlinkat "$@"
}
# first LOG REGEX [AFTER]: the number of the first line of LOG matching
# REGEX (an extended regex) after line AFTER (0), empty when none
# (the regex through the environment: awk -v would eat its backslashes)
first() { RE=$2 awk -v after="${3:-0}" 'NR > after && $0 ~ ENVIRON["RE"] { print NR; exit }' "$1"; }
last() { RE=$2 awk '$0 ~ ENVIRON["RE"] { n = NR } END { if (n) print n }' "$1"; }
# before A B: both lines found, A first
before() { [ -n "$1" ] && [ -n "$2" ] && [ "$1" -lt "$2" ]; }
esc() { printf '%s' "$1" | sed 's/[][\.*^$+?(){}|]/\\&/g'; }

OUT=$T/out
O=$(esc "$OUT")
traced "$T/render.log" "$CRYPTOPERF" render --schema schema/dataset.schema.json --templates templates --out "$OUT" \
  "$FIXTURE" >"$T/render.out" 2>&1
check "render under strace: exit 0" [ $? -eq 0 ]
PAGE=$O/demo/examplelib-1\\.0/index\\.html
sync_journal=$(first "$T/render.log" "fsync\\([0-9]+<$O/\\.cryptoperf-journal\\.tmp\\.")
name_journal=$(first "$T/render.log" "rename\\(\"$O/\\.cryptoperf-journal\\.tmp\\.[^\"]*\", \"$O/\\.cryptoperf-journal\"")
first_placed=$(first "$T/render.log" "rename\\(\"$O/.*\\.tmp\\.[0-9]+\\.[A-Za-z0-9]{6}\", \"$O/[^\"]*[^l]\"" "${name_journal:-0}")
last_placed=$(last "$T/render.log" "rename\\(\"$O/.*\\.tmp\\.[0-9]+\\.[A-Za-z0-9]{6}\", \"$O/")
drop_journal=$(first "$T/render.log" "unlink\\(\"$O/\\.cryptoperf-journal\"")
sync_page=$(first "$T/render.log" "fsync\\([0-9]+<$PAGE\\.tmp\\.")
place_page=$(first "$T/render.log" "rename\\(\"$PAGE\\.tmp\\.[^\"]*\", \"$PAGE\"")
sync_out_after_journal=$(first "$T/render.log" "fsync\\([0-9]+<$O>\\)" "${name_journal:-0}")
sync_pages_folder_first=$(first "$T/render.log" "fsync\\([0-9]+<$O/demo/examplelib-1\\.0>\\)")
sync_pages_folder_last=$(first "$T/render.log" "fsync\\([0-9]+<$O/demo/examplelib-1\\.0>\\)" "${last_placed:-0}")
diag "journal synced at line $sync_journal, named $name_journal, out synced $sync_out_after_journal; files placed" \
  "$first_placed..$last_placed; page synced $sync_page, placed $place_page; folder synced $sync_pages_folder_first" \
  "and $sync_pages_folder_last; journal removed $drop_journal"
check "a staged page is synced before its rename" before "$sync_page" "$place_page"
check "a staged page is synced before the journal names it" before "$sync_page" "$name_journal"
check "the staged pages' folder is synced (their temporary names) before the journal names them" \
  before "$sync_pages_folder_first" "$name_journal"
check "the journal is synced before it is named (its temporary file)" before "$sync_journal" "$name_journal"
check "the journal is synced before the first file is placed" before "$sync_journal" "$first_placed"
# (the first sync of the folder after the journal is named)
check "the journal's folder is synced before the first file is placed" before "$sync_out_after_journal" "$first_placed"
check "the pages' folder is synced after the last file is placed" before "$last_placed" "$sync_pages_folder_last"
check "the pages' folder is synced before the journal is removed" before "$sync_pages_folder_last" "$drop_journal"

# --- one file written whole: import's dataset (cp_write_file_atomic) ----------------
sed '/^results:/,$d' "$FIXTURE" >"$T/header.yaml"
printf 'family,kind,measure,cipher_mode,key_bits,buffer_bytes,operation,configuration,instructions\n' >"$T/rows.csv"
printf 'AES,performance,sole-buffer,CBC,128,16,encryption,Small,1000\n' >>"$T/rows.csv"
IMPDIR=$T/imp/demo/examplelib-1.0   # the folders the header's series and library name
mkdir -p "$IMPDIR"
IMP=$(esc "$IMPDIR/dataset.yaml")
traced "$T/import.log" "$CRYPTOPERF" import -q --header "$T/header.yaml" -o "$IMPDIR/dataset.yaml" "$T/rows.csv" \
  >"$T/import.out" 2>&1
check "import under strace: exit 0" [ $? -eq 0 ]
sync_file=$(first "$T/import.log" "fsync\\([0-9]+<$IMP\\.tmp\\.")
name_file=$(first "$T/import.log" "rename\\(\"$IMP\\.tmp\\.[^\"]*\", \"$IMP\"")
sync_dir=$(first "$T/import.log" "fsync\\([0-9]+<$(esc "$IMPDIR")>\\)" "${name_file:-0}")
check "import: the dataset is synced before its rename" before "$sync_file" "$name_file"
check "import: its folder is synced after the rename" before "$name_file" "$sync_dir"

# --- the placing a killed run left, completed by the next render --------------------
sh -c 'exit 0' &
dead=$!
wait "$dead"
J=$OUT/demo/examplelib-1.0
echo "the new summary" >"$J/summary.md.tmp.$dead.BBBBBB"
printf 'cryptoperf journal 1 %s\n%s\t%s\n' "$dead" \
  "demo/examplelib-1.0/summary.md.tmp.$dead.BBBBBB" demo/examplelib-1.0/summary.md >"$OUT/.cryptoperf-journal"
traced "$T/recover.log" "$CRYPTOPERF" render --schema schema/dataset.schema.json --templates templates --out "$OUT" \
  "$FIXTURE" >"$T/recover.out" 2>&1
check "the render after a killed one: exit 0" [ $? -eq 0 ]
SUMMARY=$O/demo/examplelib-1\\.0/summary\\.md
placed_left=$(first "$T/recover.log" "rename\\(\"$SUMMARY\\.tmp\\.$dead\\.BBBBBB\", \"$SUMMARY\"")
dropped_left=$(first "$T/recover.log" "unlink\\(\"$O/\\.cryptoperf-journal\"" "${placed_left:-0}")
synced_left=$(first "$T/recover.log" "fsync\\([0-9]+<$O/demo/examplelib-1\\.0>\\)" "${placed_left:-0}")
check "recovery: the file left is placed" [ -n "$placed_left" ]
check "recovery: its folder is synced before the old journal is removed" before "$synced_left" "$dropped_left"
done_testing
