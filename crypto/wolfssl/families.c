/* wolfSSL port: the families beyond the common suite that this version has
 * (firmware/bench/main.c calls cp_bench_more after the common drivers).
 * 5.5.4 has no post-quantum code of its own (info.c says so in the run
 * header). X25519 and X448 come from their own driver (wolfSSL's curve25519
 * and curve448 API), so the ECC driver runs the Weierstrass curves only. */
#include "case.h"

void cp_bench_more(void)
{
  /* compile-time parts (case.h): drivers of other parts are not linked */
  if (CP_PART & CP_PART_EC) {
    cp_bench_eddsa();
    cp_bench_xdh();
  }
#if CP_WOLFSSL_PQ
  if (CP_PART & CP_PART_PQ)
    cp_bench_pq();
#endif
  if (CP_PART & CP_PART_EC)
    cp_bench_ecc(0);
  if (CP_PART & CP_PART_RSA)
    cp_bench_rsa();
}
