/* wolfSSL port: the cipher operations of firmware/bench/ops.h (wolfCrypt
 * API, the same in 5.5.4 and 5.7.2). Encryption and decryption share one
 * always-inlined body, so each exported function links only its direction.
 * The IV is loaded with the key and carried between chunks by wolfCrypt. */
#include <wolfssl/wolfcrypt/aes.h>
#include <wolfssl/wolfcrypt/chacha20_poly1305.h>
#include <wolfssl/wolfcrypt/des3.h>
#include "ops.h"

#define INLINE static inline __attribute__((always_inline))

/* The next chunk of a message processed in calls of `chunk` bytes. */
INLINE size_t chunk_len(size_t left, size_t chunk)
{
  return chunk && left > chunk ? chunk : left;
}

INLINE int aes_cbc(int dir, const uint8_t *key, unsigned key_bits, const uint8_t iv[16],
                   const uint8_t *in, uint8_t *out, size_t len, size_t chunk)
{
  Aes aes;
  int r = wc_AesInit(&aes, NULL, INVALID_DEVID);
  if (r == 0)
    r = wc_AesSetKey(&aes, key, key_bits / 8, iv, dir);
  for (size_t off = 0, n; r == 0 && off < len; off += n) {
    n = chunk_len(len - off, chunk);
    r = dir == AES_ENCRYPTION ? wc_AesCbcEncrypt(&aes, out + off, in + off, (word32)n)
                              : wc_AesCbcDecrypt(&aes, out + off, in + off, (word32)n);
  }
  wc_AesFree(&aes);
  return r;
}

int cp_aes_cbc_enc(const uint8_t *key, unsigned key_bits, const uint8_t iv[16],
                   const uint8_t *in, uint8_t *out, size_t len, size_t chunk)
{
  return aes_cbc(AES_ENCRYPTION, key, key_bits, iv, in, out, len, chunk);
}

int cp_aes_cbc_dec(const uint8_t *key, unsigned key_bits, const uint8_t iv[16],
                   const uint8_t *in, uint8_t *out, size_t len, size_t chunk)
{
  return aes_cbc(AES_DECRYPTION, key, key_bits, iv, in, out, len, chunk);
}

INLINE int des3_cbc(int dir, const uint8_t key[24], const uint8_t iv[8],
                    const uint8_t *in, uint8_t *out, size_t len, size_t chunk)
{
  Des3 des;
  int r = wc_Des3Init(&des, NULL, INVALID_DEVID);
  if (r == 0)
    r = wc_Des3_SetKey(&des, key, iv, dir);
  for (size_t off = 0, n; r == 0 && off < len; off += n) {
    n = chunk_len(len - off, chunk);
    r = dir == DES_ENCRYPTION ? wc_Des3_CbcEncrypt(&des, out + off, in + off, (word32)n)
                              : wc_Des3_CbcDecrypt(&des, out + off, in + off, (word32)n);
  }
  wc_Des3Free(&des);
  return r;
}

int cp_des3_cbc_enc(const uint8_t key[24], const uint8_t iv[8],
                    const uint8_t *in, uint8_t *out, size_t len, size_t chunk)
{
  return des3_cbc(DES_ENCRYPTION, key, iv, in, out, len, chunk);
}

int cp_des3_cbc_dec(const uint8_t key[24], const uint8_t iv[8],
                    const uint8_t *in, uint8_t *out, size_t len, size_t chunk)
{
  return des3_cbc(DES_DECRYPTION, key, iv, in, out, len, chunk);
}

INLINE int aes_ccm(int decrypt, const struct cp_aead_args *a)
{
  Aes aes;
  int r = wc_AesInit(&aes, NULL, INVALID_DEVID);
  if (r == 0)
    r = wc_AesCcmSetKey(&aes, a->key, a->key_bits / 8);
  if (r == 0 && decrypt)
    r = wc_AesCcmDecrypt(&aes, a->out, a->in, (word32)a->len, a->nonce, (word32)a->nonce_len,
                         a->tag, (word32)a->tag_len, a->aad, (word32)a->aad_len);
  else if (r == 0)
    r = wc_AesCcmEncrypt(&aes, a->out, a->in, (word32)a->len, a->nonce, (word32)a->nonce_len,
                         a->tag, (word32)a->tag_len, a->aad, (word32)a->aad_len);
  wc_AesFree(&aes);
  return r;
}

INLINE int aes_gcm(int decrypt, const struct cp_aead_args *a)
{
  Aes aes;
  int r = wc_AesInit(&aes, NULL, INVALID_DEVID);
  if (r == 0)
    r = wc_AesGcmSetKey(&aes, a->key, a->key_bits / 8);
  if (r == 0 && decrypt)
    r = wc_AesGcmDecrypt(&aes, a->out, a->in, (word32)a->len, a->nonce, (word32)a->nonce_len,
                         a->tag, (word32)a->tag_len, a->aad, (word32)a->aad_len);
  else if (r == 0)
    r = wc_AesGcmEncrypt(&aes, a->out, a->in, (word32)a->len, a->nonce, (word32)a->nonce_len,
                         a->tag, (word32)a->tag_len, a->aad, (word32)a->aad_len);
  wc_AesFree(&aes);
  return r;
}

/* GCM as a data flow (ops.h): wolfCrypt's streaming calls
 * (WOLFSSL_AESGCM_STREAM, config/common.h): wc_AesGcmInit with key and
 * nonce, the AAD with the first update, the final call making or checking
 * the tag (constant-time). */
INLINE int aes_gcm_flow(int decrypt, const struct cp_aead_args *a)
{
  Aes aes;
  int r = wc_AesInit(&aes, NULL, INVALID_DEVID);
  if (r == 0)
    r = wc_AesGcmInit(&aes, a->key, a->key_bits / 8, a->nonce, (word32)a->nonce_len);
  for (size_t off = 0, n; r == 0 && off < a->len; off += n) {
    n = chunk_len(a->len - off, a->chunk);
    const byte *aad = off == 0 ? a->aad : NULL;
    word32 aad_len = off == 0 ? (word32)a->aad_len : 0;
    r = decrypt ? wc_AesGcmDecryptUpdate(&aes, a->out + off, a->in + off, (word32)n, aad, aad_len)
                : wc_AesGcmEncryptUpdate(&aes, a->out + off, a->in + off, (word32)n, aad, aad_len);
  }
  if (r == 0)
    r = decrypt ? wc_AesGcmDecryptFinal(&aes, a->tag, (word32)a->tag_len)
                : wc_AesGcmEncryptFinal(&aes, a->tag, (word32)a->tag_len);
  wc_AesFree(&aes);
  return r;
}

int cp_aes_ccm_enc(const struct cp_aead_args *a) { return aes_ccm(0, a); }
int cp_aes_ccm_dec(const struct cp_aead_args *a) { return aes_ccm(1, a); }
int cp_aes_gcm_enc(const struct cp_aead_args *a) { return aes_gcm(0, a); }
int cp_aes_gcm_dec(const struct cp_aead_args *a) { return aes_gcm(1, a); }
int cp_aes_gcm_flow_enc(const struct cp_aead_args *a) { return aes_gcm_flow(0, a); }
int cp_aes_gcm_flow_dec(const struct cp_aead_args *a) { return aes_gcm_flow(1, a); }

/* ChaCha20-Poly1305: wolfCrypt's one-shot calls keep their ChaCha and
 * Poly1305 state on the stack; decryption checks the tag itself. */
int cp_chachapoly_enc(const struct cp_aead_args *a)
{
  return wc_ChaCha20Poly1305_Encrypt(a->key, a->nonce, a->aad, (word32)a->aad_len, a->in,
                                     (word32)a->len, a->out, a->tag);
}

int cp_chachapoly_dec(const struct cp_aead_args *a)
{
  return wc_ChaCha20Poly1305_Decrypt(a->key, a->nonce, a->aad, (word32)a->aad_len, a->in,
                                     (word32)a->len, a->tag, a->out);
}
