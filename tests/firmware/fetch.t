#!/usr/bin/env bash
# The library sources come from Debian source packages through a private apt
# configuration: pinned upstream versions with the served revision recorded
# (a repacked "+dfsg" tarball counts as its upstream version), each the
# revision of the suite the port names even when another suite serves the
# same upstream version (bearssl 0.6, libtomcrypt 1.18.2), only deb-src
# entries (kept under cache/apt, never in the machine's apt configuration),
# no registry host written into a tracked file.
source "$(dirname "$0")/../lib.sh"
cache=$TOP/cache

for v in 2.28.3 3.6.6; do
  pkg=$(cat "$cache/mbedtls/$v/package" 2>/dev/null)
  check "mbedtls $v: revision recorded ($pkg)" bash -c "[[ '$pkg' =~ ^mbedtls\ ${v//./\\.}-[0-9A-Za-z.+~]+\$ ]]"
  check "mbedtls $v: unpacked source reports $v" bash -c \
    "cat '$cache/mbedtls/$v/src/include/mbedtls/'{build_info,version}.h 2>/dev/null | grep -q 'MBEDTLS_VERSION_STRING *\"$v\"'"
done
check "libtomcrypt 1.18.2: unpacked source reports 1.18.2" \
  grep -q '^#define SCRYPT *"1.18.2"' "$cache/libtomcrypt/1.18.2/src/src/headers/tomcrypt.h"

apt_opts=(-o "Dir::Etc::SourceList=$cache/apt/sources.list" -o "Dir::Etc::SourceParts=$cache/apt/sources.list.d"
          -o "Dir::State::Lists=$cache/apt/lists" -o "Dir::Cache=$cache/apt/cache")
# package upstream suite (the ports' .mk files)
while read -r name up suite; do
  pkg=$(cat "$cache/$name/$up/package" 2>/dev/null)
  check "$name $up: revision recorded ($pkg)" bash -c "[[ '$pkg' =~ ^$name\ ${up//./\\.}[-+][0-9A-Za-z.+~-]+\$ ]]"
  served=$(apt-cache "${apt_opts[@]}" madison "$name" 2>/dev/null |
    awk -F'|' -v s="$suite" '$3 ~ (" " s "/") && $3 ~ / Sources$/ { gsub(/ /, "", $2); print $2 }')
  check "$name $up: the revision $suite serves (${served:-none})" [ "$pkg" = "$name $served" ]
done <<'LIST'
mbedtls 2.28.3 bookworm
mbedtls 3.6.6 trixie
wolfssl 5.5.4 bookworm
wolfssl 5.7.2 trixie
bearssl 0.6 bookworm
libtomcrypt 1.18.2 bookworm
libtommath 1.2.0 bookworm
LIST
types=$(sed -n 's/^Types: *//p' "$cache"/apt/sources.list.d/*.sources | sort -u)
check "private apt configuration has only deb-src entries ($types)" [ "$types" = deb-src ]
hosts=$(cd "$TOP" && git ls-files -z | xargs -0 grep -lIE 'https?://[a-z0-9.-]*debian\.(org|net)' 2>/dev/null)
check "no registry host in tracked files ${hosts}" [ -z "$hosts" ]
done_testing
