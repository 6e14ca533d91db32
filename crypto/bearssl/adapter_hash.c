/* BearSSL port: the hash operations of firmware/bench/ops.h. BearSSL has
 * one implementation of each (no configuration axis) and no one-shot call:
 * a sole buffer is init, update and out, as an application writes it. Its
 * contexts need no release. BearSSL has no SHA-3. */
#include <bearssl.h>
#include "ops.h"

/* The four operations of hash h on BearSSL context type `type`, whose
 * functions are prefix_init, prefix_update and prefix_out. */
#define CP_BR_HASH(h, type, prefix)                                            \
  _Static_assert(sizeof(type) <= CP_HASH_CTX_BYTES, #type " fits");            \
  int cp_##h##_digest(const uint8_t *in, size_t len, uint8_t *out)             \
  {                                                                            \
    type ctx;                                                                  \
    prefix##_init(&ctx);                                                       \
    prefix##_update(&ctx, in, len);                                            \
    prefix##_out(&ctx, out);                                                   \
    return 0;                                                                  \
  }                                                                            \
  int cp_##h##_start(union cp_hash_ctx *ctx)                                   \
  {                                                                            \
    prefix##_init((type *)ctx);                                                \
    return 0;                                                                  \
  }                                                                            \
  int cp_##h##_update(union cp_hash_ctx *ctx, const uint8_t *in, size_t len)   \
  {                                                                            \
    prefix##_update((type *)ctx, in, len);                                     \
    return 0;                                                                  \
  }                                                                            \
  int cp_##h##_finish(union cp_hash_ctx *ctx, uint8_t *out)                    \
  {                                                                            \
    prefix##_out((type *)ctx, out);                                            \
    return 0;                                                                  \
  }

CP_BR_HASH(md5, br_md5_context, br_md5)
CP_BR_HASH(sha1, br_sha1_context, br_sha1)
CP_BR_HASH(sha224, br_sha224_context, br_sha224)
CP_BR_HASH(sha256, br_sha256_context, br_sha256)
CP_BR_HASH(sha384, br_sha384_context, br_sha384)
CP_BR_HASH(sha512, br_sha512_context, br_sha512)

const struct cp_hash cp_hashes[] = {
  CP_HASH_ENTRY(md5, "md5", 16, 0),       CP_HASH_ENTRY(sha1, "sha1", 20, 0),
  CP_HASH_ENTRY(sha224, "sha224", 28, 0), CP_HASH_ENTRY(sha256, "sha256", 32, 0),
  CP_HASH_ENTRY(sha384, "sha384", 48, 0), CP_HASH_ENTRY(sha512, "sha512", 64, 0),
  { 0 },
};
