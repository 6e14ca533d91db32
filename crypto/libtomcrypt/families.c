/* LibTomCrypt port: the families beyond the common suite that it has
 * (firmware/bench/main.c calls cp_bench_more after the common drivers):
 * ECDSA and ECDH on the NIST curves (1.18.2 has no X25519 or X448), RSA,
 * DH. */
#include "case.h"

void cp_bench_more(void)
{
  /* compile-time parts (case.h): drivers of other parts are not linked */
  if (CP_PART & CP_PART_EC)
    cp_bench_ecc(0);
  if (CP_PART & CP_PART_RSA) {
    cp_bench_rsa();
    cp_bench_dh();
  }
}
