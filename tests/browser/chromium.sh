# Headless Chromium (Debian's) for tests: source it, then
#   browser_screenshot URL OUT.png WIDTH HEIGHT
#   browser_dom URL OUT.html [WIDTH] (the DOM after the page loaded, in a
#                                     window WIDTH px wide, default 1280)
# Each call gets a new, empty profile folder, removed afterwards; no
# sandbox (tests run as root), no GPU, and none of Chromium's own traffic
# (updates, sync, QUIC, first-run pings): the only network is the URL given.
# Chromium's log goes to OUT.log.
# shellcheck shell=bash

BROWSER_PKGS=(chromium)

_browser() {
  local out=$1 profile rc; shift
  "$TOP/mk/install-deps" "${BROWSER_PKGS[@]}" || return 1
  profile=$(mktemp -d /tmp/cp-chromium.XXXXXX)
  timeout 60 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$profile" "$@" 2>"$out.log"
  rc=$?
  rm -rf "$profile"
  return $rc
}

browser_screenshot() {
  rm -f "$2"
  _browser "$2" --screenshot="$2" --window-size="$3,$4" --hide-scrollbars "$1" >/dev/null && [ -s "$2" ]
}

browser_dom() {
  _browser "$2" --dump-dom --window-size="${3:-1280},900" "$1" >"$2" && [ -s "$2" ]
}
