/* Mbed TLS port: the cipher operations of firmware/bench/ops.h. The API is
 * the same in 2.28 and 3.6 for these, but for GCM's incremental calls. Encryption and decryption share one
 * always-inlined body, so each exported function links only its direction. */
#include <string.h>
#include "mbedtls/aes.h"
#include "mbedtls/ccm.h"
#include "mbedtls/chachapoly.h"
#include "mbedtls/des.h"
#include "mbedtls/gcm.h"
#include "mbedtls/version.h"
#include "ops.h"

#define INLINE static inline __attribute__((always_inline))

/* The next chunk of a message processed in calls of `chunk` bytes. */
INLINE size_t chunk_len(size_t left, size_t chunk)
{
  return chunk && left > chunk ? chunk : left;
}

INLINE int aes_cbc(int mode, const uint8_t *key, unsigned key_bits, const uint8_t iv[16],
                   const uint8_t *in, uint8_t *out, size_t len, size_t chunk)
{
  mbedtls_aes_context ctx;
  unsigned char v[16];
  memcpy(v, iv, sizeof v);
  mbedtls_aes_init(&ctx);
  int r = mode == MBEDTLS_AES_ENCRYPT ? mbedtls_aes_setkey_enc(&ctx, key, key_bits)
                                      : mbedtls_aes_setkey_dec(&ctx, key, key_bits);
  for (size_t off = 0, n; r == 0 && off < len; off += n) {
    n = chunk_len(len - off, chunk);
    r = mbedtls_aes_crypt_cbc(&ctx, mode, n, v, in + off, out + off);
  }
  mbedtls_aes_free(&ctx);
  return r;
}

int cp_aes_cbc_enc(const uint8_t *key, unsigned key_bits, const uint8_t iv[16],
                   const uint8_t *in, uint8_t *out, size_t len, size_t chunk)
{
  return aes_cbc(MBEDTLS_AES_ENCRYPT, key, key_bits, iv, in, out, len, chunk);
}

int cp_aes_cbc_dec(const uint8_t *key, unsigned key_bits, const uint8_t iv[16],
                   const uint8_t *in, uint8_t *out, size_t len, size_t chunk)
{
  return aes_cbc(MBEDTLS_AES_DECRYPT, key, key_bits, iv, in, out, len, chunk);
}

INLINE int des3_cbc(int mode, const uint8_t key[24], const uint8_t iv[8],
                    const uint8_t *in, uint8_t *out, size_t len, size_t chunk)
{
  mbedtls_des3_context ctx;
  unsigned char v[8];
  memcpy(v, iv, sizeof v);
  mbedtls_des3_init(&ctx);
  int r = mode == MBEDTLS_DES_ENCRYPT ? mbedtls_des3_set3key_enc(&ctx, key)
                                      : mbedtls_des3_set3key_dec(&ctx, key);
  for (size_t off = 0, n; r == 0 && off < len; off += n) {
    n = chunk_len(len - off, chunk);
    r = mbedtls_des3_crypt_cbc(&ctx, mode, n, v, in + off, out + off);
  }
  mbedtls_des3_free(&ctx);
  return r;
}

int cp_des3_cbc_enc(const uint8_t key[24], const uint8_t iv[8],
                    const uint8_t *in, uint8_t *out, size_t len, size_t chunk)
{
  return des3_cbc(MBEDTLS_DES_ENCRYPT, key, iv, in, out, len, chunk);
}

int cp_des3_cbc_dec(const uint8_t key[24], const uint8_t iv[8],
                    const uint8_t *in, uint8_t *out, size_t len, size_t chunk)
{
  return des3_cbc(MBEDTLS_DES_DECRYPT, key, iv, in, out, len, chunk);
}

INLINE int aes_ccm(int decrypt, const struct cp_aead_args *a)
{
  mbedtls_ccm_context ctx;
  mbedtls_ccm_init(&ctx);
  int r = mbedtls_ccm_setkey(&ctx, MBEDTLS_CIPHER_ID_AES, a->key, a->key_bits);
  if (r == 0 && decrypt)
    r = mbedtls_ccm_auth_decrypt(&ctx, a->len, a->nonce, a->nonce_len, a->aad, a->aad_len,
                                 a->in, a->out, a->tag, a->tag_len);
  else if (r == 0)
    r = mbedtls_ccm_encrypt_and_tag(&ctx, a->len, a->nonce, a->nonce_len, a->aad, a->aad_len,
                                    a->in, a->out, a->tag, a->tag_len);
  mbedtls_ccm_free(&ctx);
  return r;
}

INLINE int aes_gcm(int decrypt, const struct cp_aead_args *a)
{
  mbedtls_gcm_context ctx;
  mbedtls_gcm_init(&ctx);
  int r = mbedtls_gcm_setkey(&ctx, MBEDTLS_CIPHER_ID_AES, a->key, a->key_bits);
  if (r == 0 && decrypt)
    r = mbedtls_gcm_auth_decrypt(&ctx, a->len, a->nonce, a->nonce_len, a->aad, a->aad_len,
                                 a->tag, a->tag_len, a->in, a->out);
  else if (r == 0)
    r = mbedtls_gcm_crypt_and_tag(&ctx, MBEDTLS_GCM_ENCRYPT, a->len, a->nonce, a->nonce_len,
                                  a->aad, a->aad_len, a->in, a->out, a->tag_len, a->tag);
  mbedtls_gcm_free(&ctx);
  return r;
}

/* GCM as a data flow (ops.h): mbedtls_gcm_starts / update / finish, whose
 * signatures changed in 3.0 (the AAD got its own call, update an output
 * size). Decryption compares the tag the way mbedtls_gcm_auth_decrypt
 * does: every byte, no early exit. */
INLINE int gcm_flow_run(mbedtls_gcm_context *ctx, int decrypt, const struct cp_aead_args *a,
                        unsigned char tag[16])
{
  int mode = decrypt ? MBEDTLS_GCM_DECRYPT : MBEDTLS_GCM_ENCRYPT;
#if MBEDTLS_VERSION_MAJOR >= 3
  size_t olen;
  int r = mbedtls_gcm_starts(ctx, mode, a->nonce, a->nonce_len);
  if (r == 0)
    r = mbedtls_gcm_update_ad(ctx, a->aad, a->aad_len);
  for (size_t off = 0, n; r == 0 && off < a->len; off += n) {
    n = chunk_len(a->len - off, a->chunk);
    r = mbedtls_gcm_update(ctx, a->in + off, n, a->out + off, n, &olen);
  }
  return r != 0 ? r : mbedtls_gcm_finish(ctx, NULL, 0, &olen, tag, a->tag_len);
#else
  int r = mbedtls_gcm_starts(ctx, mode, a->nonce, a->nonce_len, a->aad, a->aad_len);
  for (size_t off = 0, n; r == 0 && off < a->len; off += n) {
    n = chunk_len(a->len - off, a->chunk);
    r = mbedtls_gcm_update(ctx, n, a->in + off, a->out + off);
  }
  return r != 0 ? r : mbedtls_gcm_finish(ctx, tag, a->tag_len);
#endif
}

INLINE int aes_gcm_flow(int decrypt, const struct cp_aead_args *a)
{
  mbedtls_gcm_context ctx;
  unsigned char tag[16];
  mbedtls_gcm_init(&ctx);
  int r = mbedtls_gcm_setkey(&ctx, MBEDTLS_CIPHER_ID_AES, a->key, a->key_bits);
  if (r == 0)
    r = gcm_flow_run(&ctx, decrypt, a, decrypt ? tag : a->tag);
  mbedtls_gcm_free(&ctx);
  if (r != 0 || !decrypt)
    return r;
  unsigned char diff = 0;
  for (size_t i = 0; i < a->tag_len; i++)
    diff |= (unsigned char)(tag[i] ^ a->tag[i]);
  return diff != 0 ? MBEDTLS_ERR_GCM_AUTH_FAILED : 0;
}

int cp_aes_ccm_enc(const struct cp_aead_args *a) { return aes_ccm(0, a); }
int cp_aes_ccm_dec(const struct cp_aead_args *a) { return aes_ccm(1, a); }
int cp_aes_gcm_enc(const struct cp_aead_args *a) { return aes_gcm(0, a); }
int cp_aes_gcm_dec(const struct cp_aead_args *a) { return aes_gcm(1, a); }
int cp_aes_gcm_flow_enc(const struct cp_aead_args *a) { return aes_gcm_flow(0, a); }
int cp_aes_gcm_flow_dec(const struct cp_aead_args *a) { return aes_gcm_flow(1, a); }

/* ChaCha20-Poly1305: the same calls in 2.28 and 3.6 (the nonce is 12 bytes
 * by definition, the tag 16). */
INLINE int chachapoly(int decrypt, const struct cp_aead_args *a)
{
  mbedtls_chachapoly_context ctx;
  mbedtls_chachapoly_init(&ctx);
  int r = mbedtls_chachapoly_setkey(&ctx, a->key);
  if (r == 0 && decrypt)
    r = mbedtls_chachapoly_auth_decrypt(&ctx, a->len, a->nonce, a->aad, a->aad_len, a->tag, a->in, a->out);
  else if (r == 0)
    r = mbedtls_chachapoly_encrypt_and_tag(&ctx, a->len, a->nonce, a->aad, a->aad_len, a->in, a->out, a->tag);
  mbedtls_chachapoly_free(&ctx);
  return r;
}

int cp_chachapoly_enc(const struct cp_aead_args *a) { return chachapoly(0, a); }
int cp_chachapoly_dec(const struct cp_aead_args *a) { return chachapoly(1, a); }
