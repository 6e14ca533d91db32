# A throw-away MediaWiki for tests: source this file, call wiki_up, use
#   WIKI_API (http://127.0.0.1:PORT/api.php), WIKI_URL (its base),
#   WIKI_USER (bot password user "Admin@cptest"), WIKI_PASSFILE (the bot
#   password, mode 600, inside the temp folder), WIKI_DIR (the temp folder),
#   wiki_php (runs a maintenance script against this wiki). WIKI_PORT, when
#   set, is the port to serve on (else one the kernel picked free).
# The wiki lives in a new temp folder (SQLite), is served by `php -S` on
# 127.0.0.1 only, on a port the kernel picked free, and is stopped and removed
# on exit: wiki_up installs an EXIT trap. Passwords are made up at run time
# and never leave the temp folder.
# shellcheck shell=bash

WIKI_PKGS=(mediawiki php-sqlite3 php-cli librsvg2-bin curl python3)
MW_ROOT=/usr/share/mediawiki
_wiki_pid=

# A port nobody listens on now: bind port 0 and read what the kernel chose.
# (A race with another process taking it before php does is possible but
# shows as a clear start failure, not as a wrong wiki.)
wiki_free_port() {
  /usr/bin/python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'
}

# Where the wiki lives: TMPDIR when set (the user's choice), else /dev/shm
# when it is a tmpfs with room for the site's charts, thumbnails and
# database (1 GB asked, a few hundred MB used), else /tmp. SQLite syncs
# each write (about 40 fdatasync a chart imported) and every upload and
# thumbnail is a new file: 96 charts imported in 5.3 s with the wiki in
# /tmp on ext4, 4.2 s in /dev/shm.
wiki_scratch_root() {
  if [ -n "${TMPDIR:-}" ]; then
    printf '%s\n' "$TMPDIR"
  elif [ "$(stat -f -c %T /dev/shm 2>/dev/null)" = tmpfs ] && [ -w /dev/shm ] &&
      [ "$(df --output=avail -k /dev/shm 2>/dev/null | tail -n 1)" -ge 1048576 ] 2>/dev/null; then
    printf '%s\n' /dev/shm
  else
    printf '%s\n' /tmp
  fi
}

wiki_php() { MW_CONFIG_FILE="$WIKI_DIR/LocalSettings.php" php "$@"; }

wiki_down() {
  if [ -n "$_wiki_pid" ]; then
    kill "$_wiki_pid" 2>/dev/null
    wait "$_wiki_pid" 2>/dev/null
    _wiki_pid=
  fi
  [ -n "${WIKI_DIR:-}" ] && rm -rf "$WIKI_DIR"
  return 0
}

# wiki_up: install the packages when missing, create, configure and start the
# wiki. Prints what went wrong and returns non-zero when any step fails.
wiki_up() {
  "$TOP/mk/install-deps" "${WIKI_PKGS[@]}" || { echo "wiki: cannot install ${WIKI_PKGS[*]}" >&2; return 1; }
  WIKI_DIR=$(mktemp -d "$(wiki_scratch_root)/cp-wiki.XXXXXX")
  trap wiki_down EXIT
  local port admin_pass
  port=${WIKI_PORT:-$(wiki_free_port)} || return 1
  admin_pass=$(head -c 18 /dev/urandom | base64 | tr -d '/+=')
  WIKI_URL="http://127.0.0.1:$port"
  WIKI_API="$WIKI_URL/api.php"
  if ! php "$MW_ROOT/maintenance/install.php" --dbtype=sqlite --dbpath="$WIKI_DIR/data" \
      --dbname=wiki --server="$WIKI_URL" --scriptpath= --lang=en --pass="$admin_pass" \
      --confpath="$WIKI_DIR" "Test wiki" Admin >"$WIKI_DIR/install.log" 2>&1; then
    echo "wiki: install.php failed:" >&2; tail -20 "$WIKI_DIR/install.log" >&2; return 1
  fi
  mkdir -p "$WIKI_DIR/images"
  # Uploads go to the temp folder (the packaged images/ links into /var/lib)
  # and are served from /images by the router below. MediaWiki 1.39 always
  # shows an SVG as a PNG thumbnail ($wgSVGNativeRendering arrived in 1.41):
  # rsvg-convert makes it while the page is parsed.
  cat >>"$WIKI_DIR/LocalSettings.php" <<EOF
\$wgEnableUploads = true;
\$wgFileExtensions[] = 'svg';
\$wgSVGConverter = 'rsvg';
\$wgUploadDirectory = '$WIKI_DIR/images';
\$wgUploadPath = '/images';
\$wgTmpDirectory = '$WIKI_DIR/tmp';
\$wgCacheDirectory = '$WIKI_DIR/cache';
\$wgMainCacheType = CACHE_NONE;
\$wgShowExceptionDetails = true;
// Deferred jobs (link tables, cache purges) would run inside the next API
// request and slow it down; nothing the tests read depends on them.
\$wgJobRunRate = 0;
// One thumbnail per chart and size, no 1.5x/2x srcset copies: the tests
// check that MediaWiki draws every chart, and the copies tripled the time.
\$wgResponsiveImages = false;
// cryptoperf publish SITE shows each page under its own heading
// ({{DISPLAYTITLE}}), which is not its title (the prefix is missing).
\$wgRestrictDisplayTitle = false;
EOF
  mkdir -p "$WIKI_DIR/tmp" "$WIKI_DIR/cache"
  cat >"$WIKI_DIR/router.php" <<EOF
<?php
// php -S router: uploaded files from the temp folder, the rest from MediaWiki.
\$path = urldecode(parse_url(\$_SERVER['REQUEST_URI'], PHP_URL_PATH));
if (strncmp(\$path, '/images/', 8) === 0 && strpos(\$path, '..') === false) {
    \$file = '$WIKI_DIR' . \$path;
    if (!is_file(\$file)) { http_response_code(404); return true; }
    \$types = ['svg' => 'image/svg+xml', 'png' => 'image/png'];
    header('Content-Type: ' . (\$types[pathinfo(\$file, PATHINFO_EXTENSION)] ?? 'application/octet-stream'));
    readfile(\$file);
    return true;
}
return false;
EOF
  local out
  if ! out=$(wiki_php "$MW_ROOT/maintenance/createBotPassword.php" --appid=cptest \
      --grants=basic,editpage,createeditmovepage,uploadfile,uploadeditmovefile Admin 2>&1); then
    echo "wiki: createBotPassword.php failed: $out" >&2; return 1
  fi
  # It prints "Success.\nLog in using username:'Admin@cptest' and password:'…'."
  WIKI_USER=$(sed -n "s/.*username:'\([^']*\)'.*/\1/p" <<<"$out")
  local bot_pass
  bot_pass=$(sed -n "s/.*password:'\([^']*\)'.*/\1/p" <<<"$out")
  if [ -z "$WIKI_USER" ] || [ -z "$bot_pass" ]; then
    echo "wiki: cannot read the bot password from: $out" >&2; return 1
  fi
  WIKI_PASSFILE="$WIKI_DIR/botpass"
  (umask 077; printf '%s\n' "$bot_pass" >"$WIKI_PASSFILE")
  # OPcache is off for the PHP command line by default; `php -S` is one
  # long-lived process, so turning it on saves recompiling MediaWiki on
  # every request.
  MW_CONFIG_FILE="$WIKI_DIR/LocalSettings.php" php -d opcache.enable_cli=1 -S "127.0.0.1:$port" -t "$MW_ROOT" \
    "$WIKI_DIR/router.php" >"$WIKI_DIR/server.log" 2>&1 &
  _wiki_pid=$!
  local i
  for i in $(seq 1 100); do
    if curl -s -o /dev/null --max-time 2 "$WIKI_API?action=query&meta=siteinfo&format=json"; then
      export WIKI_API WIKI_URL WIKI_USER WIKI_PASSFILE WIKI_DIR
      return 0
    fi
    kill -0 "$_wiki_pid" 2>/dev/null || break
    sleep 0.1
  done
  echo "wiki: server on $WIKI_URL did not come up:" >&2; tail -20 "$WIKI_DIR/server.log" >&2
  return 1
}

# wiki_up_tap: wiki_up as the first TAP test of a .t file; on failure it
# reports "not ok" and ends the test file (nothing else can run).
wiki_up_tap() {
  local t0=$SECONDS
  if ! wiki_up; then
    fail "a throw-away MediaWiki starts on 127.0.0.1"
    done_testing
    exit 1
  fi
  ok "a throw-away MediaWiki starts on 127.0.0.1 ($((SECONDS - t0)) s)"
}

# wiki_import_charts DIR...: the SVG charts of the page sets DIR... uploaded
# by MediaWiki's own importImages.php, in one process on the server side:
# about a fifth of the time of an API upload a chart. A `cryptoperf
# publish` of the same sets then finds every chart unchanged (SHA-1) and
# only saves the pages. For tests that check how MediaWiki renders the
# pages; publish's own uploads are tested in tests/mediawiki/publish.t.
# A name in two sets is imported once (publish refuses two contents under
# one name before it sends anything).
wiki_import_charts() {
  local stage=$WIKI_DIR/import d f
  mkdir -p "$stage"
  for d in "$@"; do
    for f in "$d"/*.svg; do
      [ -e "$f" ] || continue
      [ -e "$stage/${f##*/}" ] || ln "$f" "$stage/" 2>/dev/null || cp "$f" "$stage/"
    done
  done
  local out
  if ! out=$(wiki_php "$MW_ROOT/maintenance/importImages.php" --extensions=svg \
      --comment="test import" "$stage" 2>&1); then
    echo "wiki: importImages.php failed: $out" >&2; return 1
  fi
  rm -rf "$stage"
  # it ends with counts: "Added: N" (and "Skipped: N" for existing names)
  printf '%s\n' "$out" | tail -4
}
