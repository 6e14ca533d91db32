/* BearSSL port: the families beyond the common suite that it has
 * (firmware/bench/main.c calls cp_bench_more after the common drivers):
 * X25519 through the Montgomery driver, ECDSA and ECDH on the Weierstrass
 * curves, RSA. */
#include "case.h"

void cp_bench_more(void)
{
  /* compile-time parts (case.h): drivers of other parts are not linked */
  if (CP_PART & CP_PART_EC) {
    cp_bench_xdh();
    cp_bench_ecc(0);
  }
  if (CP_PART & CP_PART_RSA)
    cp_bench_rsa();
}
