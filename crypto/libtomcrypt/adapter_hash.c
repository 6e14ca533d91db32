/* LibTomCrypt port: the hash operations of firmware/bench/ops.h. The
 * one-shot call is hash_memory, which takes the hash's descriptor index
 * and puts the state on the heap; data flow is <hash>_init, _process and
 * _done on the caller's hash_state (done needs no release). LTC_SMALL_CODE
 * changes MD5, SHA-1 and SHA-2 (the configuration axis), not SHA-3. */
#include "ops.h"
#include "port.h"

_Static_assert(sizeof(hash_state) <= CP_HASH_CTX_BYTES, "hash_state fits");

/* The four operations of hash h: descriptor desc and its functions. */
#define CP_LTC_HASH(h, desc, init_fn, process_fn, done_fn)                     \
  static int h##_idx = -1;                                                     \
  int cp_##h##_digest(const uint8_t *in, size_t len, uint8_t *out)             \
  {                                                                            \
    unsigned long n = (desc).hashsize;                                         \
    return hash_memory(cp_ltc_hash(&(desc), &h##_idx), in, len, out, &n);      \
  }                                                                            \
  int cp_##h##_start(union cp_hash_ctx *ctx)                                   \
  {                                                                            \
    return init_fn((hash_state *)ctx);                                         \
  }                                                                            \
  int cp_##h##_update(union cp_hash_ctx *ctx, const uint8_t *in, size_t len)   \
  {                                                                            \
    return process_fn((hash_state *)ctx, in, len);                             \
  }                                                                            \
  int cp_##h##_finish(union cp_hash_ctx *ctx, uint8_t *out)                    \
  {                                                                            \
    return done_fn((hash_state *)ctx, out);                                    \
  }

CP_LTC_HASH(md5, md5_desc, md5_init, md5_process, md5_done)
CP_LTC_HASH(sha1, sha1_desc, sha1_init, sha1_process, sha1_done)
CP_LTC_HASH(sha224, sha224_desc, sha224_init, sha224_process, sha224_done)
CP_LTC_HASH(sha256, sha256_desc, sha256_init, sha256_process, sha256_done)
CP_LTC_HASH(sha384, sha384_desc, sha384_init, sha384_process, sha384_done)
CP_LTC_HASH(sha512, sha512_desc, sha512_init, sha512_process, sha512_done)
/* SHA-3 has one process and one done function for every size. */
CP_LTC_HASH(sha3_224, sha3_224_desc, sha3_224_init, sha3_process, sha3_done)
CP_LTC_HASH(sha3_256, sha3_256_desc, sha3_256_init, sha3_process, sha3_done)
CP_LTC_HASH(sha3_384, sha3_384_desc, sha3_384_init, sha3_process, sha3_done)
CP_LTC_HASH(sha3_512, sha3_512_desc, sha3_512_init, sha3_process, sha3_done)

const struct cp_hash cp_hashes[] = {
  CP_HASH_ENTRY(md5, "md5", 16, 1),       CP_HASH_ENTRY(sha1, "sha1", 20, 1),
  CP_HASH_ENTRY(sha224, "sha224", 28, 1), CP_HASH_ENTRY(sha256, "sha256", 32, 1),
  CP_HASH_ENTRY(sha384, "sha384", 48, 1), CP_HASH_ENTRY(sha512, "sha512", 64, 1),
  CP_HASH_ENTRIES_SHA3(0),
  { 0 },
};
