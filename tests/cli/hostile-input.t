#!/usr/bin/env bash
# Hostile input to cryptoperf validate (issue 12, items 4, 5 and 7):
#   - a YAML tag changes what a value means (!!binary, !!python/name:...):
#     every explicit tag is refused, none silently ignored; a date is a day
#     that exists (format: date is checked, not just its shape);
#   - unbounded input: no regular file (/dev/zero, a FIFO), a file over the
#     size limit, a 1 MB header string: refused at once, with a message;
#   - every message names the place of the offending byte (not 1:1), the
#     path (the document itself is "(top level)", the text "(text)"), what
#     was expected and what was found.
. "$(dirname "$0")/../lib.sh"
SCHEMA=$TOP/schema/dataset.schema.json
FIXTURE=$TOP/tests/fixtures/data/demo/examplelib-1.0/dataset.yaml
T=$(tmpdir)
DS=$T/data/demo/examplelib-1.0/dataset.yaml
mkdir -p "$(dirname "$DS")"

run() { out=$(timeout 60 "$CRYPTOPERF" validate --schema "$SCHEMA" "$@" 2>&1); rc=$?; }
mutate() { sed -e "$1" "$FIXTURE" >"$DS"; }
# has WHAT TEXT: the output has a line containing TEXT (fixed string)
has() { if grep -qF -- "$2" <<<"$out"; then ok "$1"; else fail "$1"; diag "wanted: $2" "$(head -c 1500 <<<"$out")"; fi; }
clean() { check "$1: no sanitizer report" bash -c "! grep -q 'Sanitizer\|runtime error' <<<\"\$0\"" "$out"; }

# --- 4. tags and dates --------------------------------------------------------
mutate 's/^  name: Example Crypto Library/  name: !!binary RXhhbXBsZQ==/'
run "$DS"
check "a !!binary value: exit 1" [ "$rc" -eq 1 ]
has "a !!binary value: refused at its place, with the path and the tag" \
  "$DS:9:9: library.name: expected a value without a YAML tag, found the tag '!!binary'"
mutate 's/^  board: .*/  board: !!python\/name:os.system ""/'
run "$DS"
has "a !!python/name: value: the tag is named (not \"found ''\")" \
  "expected a value without a YAML tag, found the tag '!!python/name:os.system'"
mutate 's/^  name: Example Crypto Library/  name: !!str Example/'
run "$DS"
has "even !!str is refused (no tag is ignored)" "found the tag '!!str'"
mutate 's/^  date: .*/  date: "2024-13-45"/'
run "$DS"
check "date 2024-13-45: exit 1" [ "$rc" -eq 1 ]
has "date 2024-13-45: a day that does not exist is refused" \
  "$DS:41:9: provenance.date: expected a date YYYY-MM-DD that exists, found '2024-13-45'"
mutate 's/^  date: .*/  date: "2023-02-29"/'
run "$DS"
has "date 2023-02-29: not a leap year" "found '2023-02-29'"
mutate 's/^  date: .*/  date: "2024-02-29"/'
run "$DS"
check "date 2024-02-29: a leap day is valid" [ "$rc" -eq 0 ]

# --- 5. unbounded input -------------------------------------------------------
run /dev/zero
check "/dev/zero: exit 2 (and it returned: the timeout is 60 s)" [ "$rc" -eq 2 ]
has "/dev/zero: refused as not a regular file" "/dev/zero: cannot read: expected a regular file, found a character device"
mkfifo "$T/fifo"
start=$SECONDS
run "$T/fifo"
check "a FIFO nobody writes: exit 2" [ "$rc" -eq 2 ]
check "a FIFO nobody writes: no wait ($((SECONDS - start)) s)" [ $((SECONDS - start)) -lt 10 ]
has "a FIFO: the message says what it is" "fifo: cannot read: expected a regular file, found a FIFO (named pipe)"
run "$T"
has "a folder: refused as such" "cannot read: expected a regular file, found a folder"
truncate -s 300M "$T/huge.yaml"
run "$T/huge.yaml"
check "a 300 MiB file: exit 2" [ "$rc" -eq 2 ]
has "a 300 MiB file: refused before reading, the limit named" "huge.yaml: cannot read: expected a file of at most 256 MiB"
rm -f "$T/huge.yaml"
{ sed -n '1,8p' "$FIXTURE"; printf '  name: '; head -c 1000000 /dev/zero | tr '\0' 'x'; echo; sed '1,9d' "$FIXTURE"; } >"$DS"
run "$DS"
check "a 1 MB library.name: exit 1" [ "$rc" -eq 1 ]
has "a 1 MB library.name: the cap is named, the length found" \
  "library.name: expected a non-empty string of at most 200 characters, found 'xxxx"
has "a 1 MB library.name: the quote is cut, the length given" "...' (1000000 bytes)"
check "a 1 MB library.name: the message stays short" [ "$(wc -c <<<"$out")" -lt 1000 ]

# --- 7. positions, paths, expected/found ---------------------------------------
awk 'NR == 88 { sub(/performance/, "perf\001ormance") } { print }' "$FIXTURE" >"$DS"
run "$DS"
check "a control byte on line 88: exit 1" [ "$rc" -eq 1 ]
has "a control byte on line 88: named at its line and column, not 1:1" \
  "$DS:88:15: (text): expected text (no control character but tab and line breaks), found the control character U+0001"
awk 'NR == 60 { sub(/performance/, "perf\377ormance") } NR == 81 { sub(/performance/, "perf\033ormance") } { print }' "$FIXTURE" >"$DS"
run "$DS"
has "invalid UTF-8 on line 60: at its place" "$DS:60:15: (text): expected UTF-8 text, found the byte 0xff, which is not UTF-8"
has "... and an ESC on line 81 in the same run" "$DS:81:15: (text): expected text (no control character"
mutate 's/^  board: .*/  board: "MPS2\\0AN505"/'
run "$DS"
has "a NUL escape: at the escape, with the path" "$DS:20:15: hardware.board: expected text without NUL characters, found a NUL character"
mutate '/^format:/d'
run "$DS"
has "a missing root field: the path (top level), expected and found" \
  "$DS:4:1: (top level): expected the required field 'format', found none"
printf '# nothing\n' >"$DS"
run "$DS"
has "an empty document: the path (top level)" "$DS:1:1: (top level): expected a dataset (a YAML mapping), found an empty document"
mutate 's/^  core_clock_hz: .*/  core_clock_hz: [1, 2/'
run "$DS"
has "a syntax error: the place, the path, expected and found" \
  "$DS:24:13: system.core_clock_hz: expected well-formed YAML, found a YAML syntax error:"
mutate 's/^    operation: decryption/    operation: encryption/'
run "$DS"
has "a duplicate names its first at file:line:column" "found a duplicate of results[0] at $DS:50:5"
clean "all of the above"
done_testing
