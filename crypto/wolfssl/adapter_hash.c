/* wolfSSL port: the hash operations of firmware/bench/ops.h. wolfCrypt has
 * one-shot wc_<H>Hash() calls and Init/Update/Final/Free on a context; the
 * API is the same in 5.5.4 and 5.7.2. */
#include <wolfssl/wolfcrypt/hash.h>
#include <wolfssl/wolfcrypt/md5.h>
#include <wolfssl/wolfcrypt/sha.h>
#include <wolfssl/wolfcrypt/sha256.h>
#include <wolfssl/wolfcrypt/sha512.h>
#include <wolfssl/wolfcrypt/sha3.h>
#include "ops.h"

/* The four operations of hash h on context type `type`: one-shot `oneshot`,
 * and wc_Init<fn>, wc_<fn>Update, wc_<fn>Final, wc_<fn>Free. */
#define CP_WOLFSSL_HASH(h, type, oneshot, fn)                                  \
  _Static_assert(sizeof(type) <= CP_HASH_CTX_BYTES, #type " fits");            \
  int cp_##h##_digest(const uint8_t *in, size_t len, uint8_t *out)             \
  {                                                                            \
    return oneshot(in, (word32)len, out);                                      \
  }                                                                            \
  int cp_##h##_start(union cp_hash_ctx *ctx)                                   \
  {                                                                            \
    return wc_Init##fn((type *)ctx);                                           \
  }                                                                            \
  int cp_##h##_update(union cp_hash_ctx *ctx, const uint8_t *in, size_t len)   \
  {                                                                            \
    return wc_##fn##Update((type *)ctx, in, (word32)len);                      \
  }                                                                            \
  int cp_##h##_finish(union cp_hash_ctx *ctx, uint8_t *out)                    \
  {                                                                            \
    int r = wc_##fn##Final((type *)ctx, out);                                  \
    wc_##fn##Free((type *)ctx);                                                \
    return r;                                                                  \
  }

CP_WOLFSSL_HASH(md5, wc_Md5, wc_Md5Hash, Md5)
CP_WOLFSSL_HASH(sha1, wc_Sha, wc_ShaHash, Sha)
CP_WOLFSSL_HASH(sha224, wc_Sha224, wc_Sha224Hash, Sha224)
CP_WOLFSSL_HASH(sha256, wc_Sha256, wc_Sha256Hash, Sha256)
CP_WOLFSSL_HASH(sha384, wc_Sha384, wc_Sha384Hash, Sha384)
CP_WOLFSSL_HASH(sha512, wc_Sha512, wc_Sha512Hash, Sha512)

/* SHA-3 init takes a heap and device id; the one-shot is wc_Sha3_<bits>Hash. */
#define CP_WOLFSSL_SHA3(bits)                                                  \
  int cp_sha3_##bits##_digest(const uint8_t *in, size_t len, uint8_t *out)     \
  {                                                                            \
    return wc_Sha3_##bits##Hash(in, (word32)len, out);                         \
  }                                                                            \
  int cp_sha3_##bits##_start(union cp_hash_ctx *ctx)                           \
  {                                                                            \
    return wc_InitSha3_##bits((wc_Sha3 *)ctx, NULL, INVALID_DEVID);            \
  }                                                                            \
  int cp_sha3_##bits##_update(union cp_hash_ctx *ctx, const uint8_t *in, size_t len) \
  {                                                                            \
    return wc_Sha3_##bits##_Update((wc_Sha3 *)ctx, in, (word32)len);           \
  }                                                                            \
  int cp_sha3_##bits##_finish(union cp_hash_ctx *ctx, uint8_t *out)            \
  {                                                                            \
    int r = wc_Sha3_##bits##_Final((wc_Sha3 *)ctx, out);                       \
    wc_Sha3_##bits##_Free((wc_Sha3 *)ctx);                                     \
    return r;                                                                  \
  }
_Static_assert(sizeof(wc_Sha3) <= CP_HASH_CTX_BYTES, "sha3 context fits");
CP_WOLFSSL_SHA3(224)
CP_WOLFSSL_SHA3(256)
CP_WOLFSSL_SHA3(384)
CP_WOLFSSL_SHA3(512)

/* SHA-224/256 follow USE_SLOW_SHA256, SHA-384/512 USE_SLOW_SHA512, SHA-3
 * WOLFSSL_SHA3_SMALL: the configuration axis of the port. */
const struct cp_hash cp_hashes[] = {
  CP_HASH_ENTRIES_MD5_SHA2,
  CP_HASH_ENTRIES_SHA3(1),
  { 0 },
};
