#!/usr/bin/env bash
# The Mbed TLS sources come from Debian source packages through a private apt
# configuration: pinned upstream versions with the served revision recorded,
# only deb-src entries (kept under cache/apt, never in the machine's apt
# configuration), no registry host written into a tracked file.
source "$(dirname "$0")/../lib.sh"
cache=$TOP/cache

for v in 2.28.3 3.6.6; do
  pkg=$(cat "$cache/mbedtls/$v/package" 2>/dev/null)
  check "mbedtls $v: revision recorded ($pkg)" bash -c "[[ '$pkg' =~ ^mbedtls\ ${v//./\\.}-[0-9A-Za-z.+~]+\$ ]]"
  check "mbedtls $v: unpacked source reports $v" bash -c \
    "cat '$cache/mbedtls/$v/src/include/mbedtls/'{build_info,version}.h 2>/dev/null | grep -q 'MBEDTLS_VERSION_STRING *\"$v\"'"
done
types=$(sed -n 's/^Types: *//p' "$cache"/apt/sources.list.d/*.sources | sort -u)
check "private apt configuration has only deb-src entries ($types)" [ "$types" = deb-src ]
hosts=$(cd "$TOP" && git ls-files -z | xargs -0 grep -lIE 'https?://[a-z0-9.-]*debian\.(org|net)' 2>/dev/null)
check "no registry host in tracked files ${hosts}" [ -z "$hosts" ]
done_testing
