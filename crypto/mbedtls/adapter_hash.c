/* Mbed TLS port: the hash operations of firmware/bench/ops.h. 2.28 names
 * the int-returning calls mbedtls_<h>_ret / _starts_ret / _update_ret /
 * _finish_ret; 3.6 drops the suffix and adds SHA-3. */
#include "mbedtls/md5.h"
#include "mbedtls/sha1.h"
#include "mbedtls/sha256.h"
#include "mbedtls/sha512.h"
#include "mbedtls/version.h"
#if MBEDTLS_VERSION_MAJOR >= 3
#include "mbedtls/sha3.h"
#define RET(f) f
#else
#define RET(f) f##_ret
#endif
#include "ops.h"

/* The four operations of hash h on context type `type`, calling the family
 * fn; the variadic part is the extra argument of the one-shot and starts
 * calls (is224 / is384), empty when there is none. */
#define CP_MBEDTLS_HASH(h, type, fn, ...)                                      \
  _Static_assert(sizeof(type) <= CP_HASH_CTX_BYTES, #type " fits");            \
  int cp_##h##_digest(const uint8_t *in, size_t len, uint8_t *out)             \
  {                                                                            \
    return RET(fn)(in, len, out __VA_ARGS__);                                  \
  }                                                                            \
  int cp_##h##_start(union cp_hash_ctx *ctx)                                   \
  {                                                                            \
    fn##_init((type *)ctx);                                                    \
    return RET(fn##_starts)((type *)ctx __VA_ARGS__);                          \
  }                                                                            \
  int cp_##h##_update(union cp_hash_ctx *ctx, const uint8_t *in, size_t len)   \
  {                                                                            \
    return RET(fn##_update)((type *)ctx, in, len);                             \
  }                                                                            \
  int cp_##h##_finish(union cp_hash_ctx *ctx, uint8_t *out)                    \
  {                                                                            \
    int r = RET(fn##_finish)((type *)ctx, out);                                \
    fn##_free((type *)ctx);                                                    \
    return r;                                                                  \
  }

CP_MBEDTLS_HASH(md5, mbedtls_md5_context, mbedtls_md5, )
CP_MBEDTLS_HASH(sha1, mbedtls_sha1_context, mbedtls_sha1, )
CP_MBEDTLS_HASH(sha224, mbedtls_sha256_context, mbedtls_sha256, , 1)
CP_MBEDTLS_HASH(sha256, mbedtls_sha256_context, mbedtls_sha256, , 0)
CP_MBEDTLS_HASH(sha384, mbedtls_sha512_context, mbedtls_sha512, , 1)
CP_MBEDTLS_HASH(sha512, mbedtls_sha512_context, mbedtls_sha512, , 0)

#if MBEDTLS_VERSION_MAJOR >= 3
#define CP_MBEDTLS_SHA3(bits)                                                  \
  int cp_sha3_##bits##_digest(const uint8_t *in, size_t len, uint8_t *out)     \
  {                                                                            \
    return mbedtls_sha3(MBEDTLS_SHA3_##bits, in, len, out, (bits) / 8);        \
  }                                                                            \
  int cp_sha3_##bits##_start(union cp_hash_ctx *ctx)                           \
  {                                                                            \
    mbedtls_sha3_init((mbedtls_sha3_context *)ctx);                            \
    return mbedtls_sha3_starts((mbedtls_sha3_context *)ctx, MBEDTLS_SHA3_##bits); \
  }                                                                            \
  int cp_sha3_##bits##_update(union cp_hash_ctx *ctx, const uint8_t *in, size_t len) \
  {                                                                            \
    return mbedtls_sha3_update((mbedtls_sha3_context *)ctx, in, len);          \
  }                                                                            \
  int cp_sha3_##bits##_finish(union cp_hash_ctx *ctx, uint8_t *out)            \
  {                                                                            \
    int r = mbedtls_sha3_finish((mbedtls_sha3_context *)ctx, out, (bits) / 8); \
    mbedtls_sha3_free((mbedtls_sha3_context *)ctx);                            \
    return r;                                                                  \
  }
_Static_assert(sizeof(mbedtls_sha3_context) <= CP_HASH_CTX_BYTES, "sha3 context fits");
CP_MBEDTLS_SHA3(224)
CP_MBEDTLS_SHA3(256)
CP_MBEDTLS_SHA3(384)
CP_MBEDTLS_SHA3(512)
#endif

/* SHA-224/256 follow MBEDTLS_SHA256_SMALLER, SHA-384/512
 * MBEDTLS_SHA512_SMALLER: the configuration axis of the port. */
const struct cp_hash cp_hashes[] = {
  CP_HASH_ENTRIES_MD5_SHA2,
#if MBEDTLS_VERSION_MAJOR >= 3
  CP_HASH_ENTRIES_SHA3(0),
#endif
  { 0 },
};
