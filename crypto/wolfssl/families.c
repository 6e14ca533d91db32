/* wolfSSL port: the families beyond the common suite that this version has
 * (firmware/bench/main.c calls cp_bench_more after the common drivers).
 * 5.5.4 has no post-quantum code of its own (info.c says so in the run
 * header). */
#include "case.h"

void cp_bench_more(void)
{
  cp_bench_eddsa();
  cp_bench_xdh();
#if CP_WOLFSSL_PQ
  cp_bench_pq();
#endif
}
