/* Mbed TLS port: the families beyond the common suite that it has, the
 * public-key ones (firmware/bench/main.c calls cp_bench_more after the
 * common drivers). */
#include "case.h"

void cp_bench_more(void)
{
  /* compile-time parts (case.h): drivers of other parts are not linked */
  if (CP_PART & CP_PART_EC)
    cp_bench_ecc(1);
  if (CP_PART & CP_PART_RSA) {
    cp_bench_rsa();
    cp_bench_dh();
  }
}
