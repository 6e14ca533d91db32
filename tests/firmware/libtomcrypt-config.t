#!/usr/bin/env bash
# LibTomCrypt's LTC_FAST is on where the core allows unaligned word access
# (crypto/libtomcrypt/config/common.h): its word-wise gcm_gf_mult is the
# only code that needs gcm_shift_table when GCM has no tables, so the
# symbol is in a no-tables GCM footprint image exactly when LTC_FAST was
# compiled in. LibTomCrypt drops LTC_FAST silently under a strict ISO mode
# (the port builds the library as gnu99): without this check a flag change
# would turn it off unnoticed. The run header names the choice too.
source "$(dirname "$0")/../lib.sh"
source "$(dirname "$0")/lib-fw.sh"
IMG=$TOP/build/fw/$FW_BOARD/img
img=$IMG/fp-libtomcrypt-1.18.2-fast-notables-aes-gcm-enc.elf
core=$(sed -n 's/^BOARD_CPU_FLAGS *:= *//p' "$TOP/firmware/boards/$FW_BOARD/board.mk")
if [ ! -f "$img" ]; then
  fail "$img exists (make fw-test builds it)"
  done_testing
  exit
fi
syms=$(arm-none-eabi-nm "$img")
case $core in
  *cortex-m0*) check "$FW_BOARD (Armv6-M): no LTC_FAST, no gcm_shift_table in GCM without tables" \
                 bash -c '! grep -qw gcm_shift_table <<<"$0"' "$syms" ;;
  *) check "$FW_BOARD ($core): LTC_FAST's word-wise GHASH links gcm_shift_table in GCM without tables" \
       grep -qw gcm_shift_table <<<"$syms" ;;
esac
check "GCM without tables multiplies with gcm_gf_mult" grep -qw gcm_gf_mult <<<"$syms"
done_testing
