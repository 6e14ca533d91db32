#!/bin/sh
# The evidence of the notes (data/notes/*.yaml): the loops of a function of
# a firmware image, from its disassembly.
# usage: data/notes/loops.sh ELF FUNCTION
# prints, for each backward branch of FUNCTION (a loop's end: b<cond>, b,
# or an Armv8.1-M `le`), FUNCTION, the loop's first..last address, the
# instructions in that range (one iteration of a loop without inner
# branches) and the branch's mnemonic.
# (GNU awk: strtonum). e.g. data/notes/loops.sh build/fw/mps2-an386/img/bench-wolfssl-5.7.2-fast.elf sp_256_get_entry_256_8.constprop.0
elf=$1 fn=$2
arm-none-eabi-objdump -d --no-show-raw-insn "$elf" | gawk -v fn="$fn" '
  $0 ~ "<"fn">:$" {on=1; next}
  on && /^$/ {exit}
  on && /^ *[0-9a-f]+:\t/ {
    split($0, a, "\t"); s1=a[1]; gsub(/[ :]/,"",s1); addr=strtonum("0x" s1); op=a[2]; args=a[3]
    if (op == ".word" || op == ".short") next
    n++; A[n]=addr
    if (op ~ /^(b|le)/ && op !~ /^(bl|blx|bx|bic|bfi|bfc)/) {
      t=args; sub(/^lr, */,"",t); sub(/ .*/,"",t)
      if (t ~ /^[0-9a-f]+$/) { t=strtonum("0x" t); if (t < addr) { m++; F[m]=t; T[m]=addr; OP[m]=op } }
    }
  }
  END { for (j=1;j<=m;j++) { c=0; for (i=1;i<=n;i++) if (A[i]>=F[j] && A[i]<=T[j]) c++; printf "%s %x..%x %d %s\n", fn, F[j], T[j], c, OP[j] } }'
