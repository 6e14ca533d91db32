/* A benchmark image: the whole suite for the library and configuration it
 * is linked with. */
#include "case.h"

int main(void)
{
  cp_suite_begin();
  cp_bench_cbc();
  cp_bench_aead();
  cp_bench_hash();
  cp_bench_ecc();
  cp_bench_rsa();
  cp_bench_dh();
  return cp_suite_end();
}
