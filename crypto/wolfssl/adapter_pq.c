/* wolfSSL port: the post-quantum operations of firmware/bench/ops_pq.h,
 * wolfSSL's own code (5.7.2: dilithium.c as ML-DSA, FIPS 204 draft; wc_kyber
 * with WOLFSSL_ML_KEM as ML-KEM, FIPS 203 draft; wc_lms). Built only when
 * the version has them (CP_WOLFSSL_PQ). Each operation includes the key
 * import a caller holding encoded keys would do. */
#if CP_WOLFSSL_PQ
#include <string.h>
#include <wolfssl/wolfcrypt/dilithium.h>
#include <wolfssl/wolfcrypt/error-crypt.h>
#include <wolfssl/wolfcrypt/lms.h>
#include <wolfssl/wolfcrypt/random.h>
#include <wolfssl/wolfcrypt/wc_kyber.h>
#include <wolfssl/wolfcrypt/wc_lms.h>
#include "ops_pq.h"

/* ML-DSA-44/65/87 are wolfSSL's dilithium levels 2/3/5. */
static int mldsa_key(dilithium_key *key, unsigned level)
{
  byte l = level == 44 ? 2 : level == 65 ? 3 : level == 87 ? 5 : 0;
  int r = wc_dilithium_init(key);
  return r ? r : l ? wc_dilithium_set_level(key, l) : BAD_FUNC_ARG;
}

int cp_mldsa_keygen(unsigned level, const uint8_t *seed, uint8_t *pub, size_t *pub_len,
                    uint8_t *priv, size_t *priv_len)
{
  dilithium_key key;
  word32 pl = (word32)*pub_len, sl = (word32)*priv_len;
  int r = mldsa_key(&key, level);
  if (r == 0)
    r = wc_dilithium_make_key_from_seed(&key, seed);
  if (r == 0)
    r = wc_dilithium_export_public(&key, pub, &pl);
  if (r == 0)
    r = wc_dilithium_export_private(&key, priv, &sl);
  wc_dilithium_free(&key);
  *pub_len = pl;
  *priv_len = sl;
  return r;
}

int cp_mldsa_sign(unsigned level, const uint8_t *priv, size_t priv_len, const uint8_t *msg,
                  size_t len, const uint8_t *seed, uint8_t *sig, size_t *sig_len)
{
  dilithium_key key;
  word32 n = (word32)*sig_len;
  byte rnd[CP_PQ_SEED]; /* the call takes it as non-const */
  memcpy(rnd, seed, sizeof rnd);
  int r = mldsa_key(&key, level);
  if (r == 0)
    r = wc_dilithium_import_private(priv, (word32)priv_len, &key);
  if (r == 0)
    r = wc_dilithium_sign_msg_with_seed(msg, (word32)len, sig, &n, &key, rnd);
  wc_dilithium_free(&key);
  *sig_len = n;
  return r;
}

int cp_mldsa_verify(unsigned level, const uint8_t *pub, size_t pub_len, const uint8_t *msg,
                    size_t len, const uint8_t *sig, size_t sig_len, int *valid)
{
  dilithium_key key;
  int r = mldsa_key(&key, level);
  *valid = 0;
  if (r == 0)
    r = wc_dilithium_import_public(pub, (word32)pub_len, &key);
  if (r == 0) {
    r = wc_dilithium_verify_msg(sig, (word32)sig_len, msg, (word32)len, valid, &key);
    if (r == SIG_VERIFY_E) /* a bad signature is an answer, not an error */
      r = 0;
  }
  wc_dilithium_free(&key);
  return r;
}

static int mlkem_key(KyberKey *key, unsigned level)
{
  int type = level == 512 ? KYBER512 : level == 768 ? KYBER768 : level == 1024 ? KYBER1024 : -1;
  return type < 0 ? BAD_FUNC_ARG : wc_KyberKey_Init(type, key, NULL, INVALID_DEVID);
}

int cp_mlkem_keygen(unsigned level, const uint8_t *rand64, uint8_t *pub, size_t *pub_len,
                    uint8_t *priv, size_t *priv_len)
{
  KyberKey key;
  word32 pl = 0, sl = 0;
  int r = mlkem_key(&key, level);
  if (r == 0)
    r = wc_KyberKey_MakeKeyWithRandom(&key, rand64, 2 * KYBER_SYM_SZ);
  if (r == 0)
    r = wc_KyberKey_PublicKeySize(&key, &pl);
  if (r == 0)
    r = wc_KyberKey_PrivateKeySize(&key, &sl);
  if (r == 0 && (pl > *pub_len || sl > *priv_len))
    r = BUFFER_E;
  if (r == 0)
    r = wc_KyberKey_EncodePublicKey(&key, pub, pl);
  if (r == 0)
    r = wc_KyberKey_EncodePrivateKey(&key, priv, sl);
  wc_KyberKey_Free(&key);
  *pub_len = pl;
  *priv_len = sl;
  return r;
}

int cp_mlkem_encaps(unsigned level, const uint8_t *pub, size_t pub_len, const uint8_t *rand32,
                    uint8_t *ct, size_t *ct_len, uint8_t *ss)
{
  KyberKey key;
  word32 n = 0;
  int r = mlkem_key(&key, level);
  if (r == 0)
    r = wc_KyberKey_DecodePublicKey(&key, pub, (word32)pub_len);
  if (r == 0)
    r = wc_KyberKey_CipherTextSize(&key, &n);
  if (r == 0 && n > *ct_len)
    r = BUFFER_E;
  if (r == 0)
    r = wc_KyberKey_EncapsulateWithRandom(&key, ct, ss, rand32, KYBER_SYM_SZ);
  wc_KyberKey_Free(&key);
  *ct_len = n;
  return r;
}

int cp_mlkem_decaps(unsigned level, const uint8_t *priv, size_t priv_len, const uint8_t *ct,
                    size_t ct_len, uint8_t *ss)
{
  KyberKey key;
  int r = mlkem_key(&key, level);
  if (r == 0)
    r = wc_KyberKey_DecodePrivateKey(&key, priv, (word32)priv_len);
  if (r == 0)
    r = wc_KyberKey_Decapsulate(&key, ss, ct, (word32)ct_len);
  wc_KyberKey_Free(&key);
  return r;
}

int cp_lms_verify(unsigned height, unsigned w, const uint8_t *pub, size_t pub_len,
                  const uint8_t *msg, size_t len, const uint8_t *sig, size_t sig_len, int *valid)
{
  LmsKey key;
  int r = wc_LmsKey_Init(&key, NULL, INVALID_DEVID);
  *valid = 0;
  if (r == 0)
    r = wc_LmsKey_SetParameters(&key, 1, (int)height, (int)w);
  if (r == 0)
    r = wc_LmsKey_ImportPubRaw(&key, pub, (word32)pub_len);
  if (r == 0) {
    r = wc_LmsKey_Verify(&key, sig, (word32)sig_len, msg, (int)len);
    *valid = r == 0;
    if (r == SIG_VERIFY_E)
      r = 0;
  }
  wc_LmsKey_Free(&key);
  return r;
}
#endif
