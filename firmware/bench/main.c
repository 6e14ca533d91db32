/* A benchmark image: the suite (or the part CP_PART of it) for the library
 * and configuration it is linked with. */
#include "case.h"

/* The families beyond the common suite (public key for Mbed TLS,
 * ops_edwards.h and ops_pq.h for wolfSSL): a port that has some defines
 * cp_bench_more, so that no image links drivers its library cannot serve. */
__attribute__((weak)) void cp_bench_more(void)
{
}

int main(void)
{
  cp_suite_begin();
  if (CP_PART & CP_PART_SYM) {
    cp_bench_cbc();
    cp_bench_aead();
    cp_bench_hash();
  }
  cp_bench_more();
  return cp_suite_end();
}
