/* A benchmark image: the whole suite for the library and configuration it
 * is linked with. */
#include "case.h"

/* Libraries without the extra families (ops_edwards.h, ops_pq.h) run none;
 * a port that has them defines cp_bench_more. */
__attribute__((weak)) void cp_bench_more(void)
{
}

int main(void)
{
  cp_suite_begin();
  cp_bench_cbc();
  cp_bench_aead();
  cp_bench_hash();
  cp_bench_more();
  return cp_suite_end();
}
