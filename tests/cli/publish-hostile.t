#!/usr/bin/env bash
# cryptoperf publish against a hostile or clumsy wiki (issue 12, item 9), a
# stand-in api.php on 127.0.0.1 (tests/cli/fake-api):
#   - the server's text is shown with its control characters escaped (an
#     error info with terminal escapes would set the title, forge lines);
#   - an error without code or info says so, never "(null)";
#   - a huge answer is refused at a cap, memory stays small;
#   - a server dripping one byte a second is given up after the low-speed
#     limit, not after minutes;
#   - a re-upload within one second of the previous one
#     (backend-fail-alreadyexists, MediaWiki's 1-second archive names) is
#     tried again in the next second, at most twice more.
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
T=$(tmpdir)
"$TOP/tests/cli/fake-api" "$T/port" "$T/log" &
server=$!
trap 'kill "$server" 2>/dev/null; rm -rf "$_tmproot"' EXIT
for _ in $(seq 50); do [ -s "$T/port" ] && break; sleep 0.1; done
PORT=$(cat "$T/port")
check "the stand-in api.php listens ($PORT)" [ -n "$PORT" ]
SET=$T/set/stm32l5/demo-1.0
mkdir -p "$SET"
printf '== Demo ==\nA page.\n' >"$SET/index.wiki"
printf '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><title>t</title></svg>\n' >"$SET/Cryptolib Demo AES CBC SB Enc.svg"
echo "secret" >"$T/pw"
# publish MODE: runs it against MODE, stderr in $T/err, status in $rc,
# wall seconds in $secs, peak memory (KB) in $kb
publish() {
  : >"$T/log"
  local t0=$SECONDS
  /usr/bin/time -f '%M' -o "$T/mem" "$CRYPTOPERF" publish --api "http://127.0.0.1:$PORT/$1/api.php" --user bot@test \
    --password-file "$T/pw" --stall-timeout 5 "$SET" >"$T/out" 2>"$T/err"
  rc=$?
  secs=$((SECONDS - t0))
  kb=$(tail -1 "$T/mem")
}

publish escape
check "terminal escapes in the error: exit 3" [ "$rc" -eq 3 ]
check "... no ESC, BEL or other control byte reaches the terminal" bash -c "! LC_ALL=C grep -qP '[\\x00-\\x08\\x0b-\\x1f\\x7f]' '$T/err'"
check "... no C1 control and no bidi override either" bash -c "! LC_ALL=C grep -qP '\\xc2[\\x80-\\x9f]|\\xe2\\x80\\xae' '$T/err'"
check "... the line break in the info forges no line" bash -c "! grep -q '^.\\{0,12\\}forged' '$T/err'"
check "... the escapes are shown, not dropped" grep -qF 'API error bad\x1b]0;pwned\x07code: line one\x0a\x1b[31mforged: a line\u202etxt.exe\u009b' "$T/err"

publish emptyerror
check '{"error":{}}: exit 3' [ "$rc" -eq 3 ]
check "... no (null) in the message" bash -c "! grep -q '(null)' '$T/err'"
check "... it says the answer gave no code" grep -q 'API error (the answer gives no code): (and no description)' "$T/err"

publish huge
check "a 100 MB answer: exit 3" [ "$rc" -eq 3 ]
check "... refused at the cap" grep -q "answered more than 16 MiB: refused" "$T/err"
check "... memory stays small (${kb} KB peak, under 150 MB with ASan)" [ "${kb:-999999}" -lt 153600 ]

publish drip
check "a server dripping a byte a second: exit 3" [ "$rc" -eq 3 ]
check "... given up by the low-speed limit, --stall-timeout 5 (after $secs s, not the 120 s a request may take; under 60 s however busy the machine)" [ "$secs" -lt 60 ]
check "... and the message says which limit" grep -q "fewer than 100 bytes a second for 5 s" "$T/err"

publish exists-once
check "a re-upload refused once as backend-fail-alreadyexists: exit 0" [ "$rc" -eq 0 ]
check "... the chart is reported uploaded" grep -q "^uploaded   File:Cryptolib Demo AES CBC SB Enc.svg" "$T/out"
mapfile -t ups < <(awk '$2 == "upload" { print $1 }' "$T/log")
check "... two upload requests (${#ups[@]})" [ "${#ups[@]}" -eq 2 ]
check "... the second in a later second than the first (${ups[0]:-} -> ${ups[1]:-})" \
  [ "${ups[1]%.*}" -gt "${ups[0]%.*}" ]

publish exists-always
check "always backend-fail-alreadyexists: exit 3" [ "$rc" -eq 3 ]
check "... tried three times in all ($(grep -c ' upload$' "$T/log"))" [ "$(grep -c ' upload$' "$T/log")" -eq 3 ]
check "... the message names the wiki's code" grep -q "backend-fail-alreadyexists" "$T/err"
"$CRYPTOPERF" publish --api "http://127.0.0.1:$PORT/x/api.php" --user u --stall-timeout 0 "$SET" >/dev/null 2>"$T/err"
check "--stall-timeout 0: a usage error (exit 2)" [ $? -eq 2 ]
check "no sanitizer report in any run" bash -c "! grep -q 'Sanitizer\\|runtime error' '$T/err'"
done_testing
