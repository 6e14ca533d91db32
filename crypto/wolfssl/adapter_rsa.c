/* wolfSSL port: RSA signatures of firmware/bench/ops.h, PKCS#1 v1.5 and v2.1
 * (PSS) with SHA-256 over a digest. wolfCrypt reads keys from DER (asn.c,
 * not part of the measured build), so the adapter fills the key's numbers
 * itself and derives the CRT values (dP, dQ, qInv) from p, q and d. The key
 * persists between calls; the private-key operation uses CRT and blinding
 * (WC_RSA_BLINDING) with the port's generator. */
#include <string.h>
#include <wolfssl/wolfcrypt/rsa.h>
#include "ops.h"
#include "port.h"

static RsaKey rsa;
static int rsa_live;

/* RFC 8017 section 9.2, note 1: the DER prefix of a SHA-256 DigestInfo. */
static const uint8_t sha256_info[] = {
  0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
  0x65, 0x03, 0x04, 0x02, 0x01, 0x05, 0x00, 0x04, 0x20,
};
#define INFO_LEN (sizeof sha256_info + 32)

void cp_rsa_release(void)
{
  if (rsa_live)
    wc_FreeRsaKey(&rsa);
  rsa_live = 0;
}

/* x = d mod (p - 1), with t as scratch. */
static int crt_exponent(mp_int *x, const mp_int *p, mp_int *t)
{
  int r = mp_sub_d((mp_int *)p, 1, t);
  return r ? r : mp_mod(&rsa.d, t, x);
}

int cp_rsa_setup(const struct cp_rsa_key *key)
{
  word32 n = key->bits / 8;
  mp_int t;
  cp_rsa_release();
  int r = wc_InitRsaKey(&rsa, NULL);
  if (r != 0)
    return r;
  rsa_live = 1;
  r = wc_RsaSetRNG(&rsa, cp_wolfssl_rng());
  r = r ? r : mp_read_unsigned_bin(&rsa.n, key->n, n);
  r = r ? r : mp_set_int(&rsa.e, 65537);
  rsa.type = RSA_PUBLIC;
  if (r != 0 || !key->d)
    return r;
  r = mp_init(&t);
  r = r ? r : mp_read_unsigned_bin(&rsa.d, key->d, n);
  r = r ? r : mp_read_unsigned_bin(&rsa.p, key->p, n / 2);
  r = r ? r : mp_read_unsigned_bin(&rsa.q, key->q, n / 2);
  r = r ? r : crt_exponent(&rsa.dP, &rsa.p, &t);
  r = r ? r : crt_exponent(&rsa.dQ, &rsa.q, &t);
  r = r ? r : mp_invmod(&rsa.q, &rsa.p, &rsa.u);
  mp_clear(&t);
  rsa.type = RSA_PRIVATE;
  return r;
}

/* wolfCrypt's sign calls return the signature length, negative on error. */
static int length_ok(int ret)
{
  return ret == (int)mp_unsigned_bin_size(&rsa.n) ? 0 : ret < 0 ? ret : -1;
}

int cp_rsa_sign(int pss, const uint8_t hash[32], uint8_t *sig)
{
  word32 n = (word32)mp_unsigned_bin_size(&rsa.n);
  if (pss)
    return length_ok(wc_RsaPSS_Sign(hash, 32, sig, n, WC_HASH_TYPE_SHA256, WC_MGF1SHA256, &rsa,
                                    cp_wolfssl_rng()));
  uint8_t info[INFO_LEN];
  memcpy(info, sha256_info, sizeof sha256_info);
  memcpy(info + sizeof sha256_info, hash, 32);
  return length_ok(wc_RsaSSL_Sign(info, sizeof info, sig, n, &rsa, cp_wolfssl_rng()));
}

int cp_rsa_verify(int pss, const uint8_t hash[32], const uint8_t *sig)
{
  word32 n = (word32)mp_unsigned_bin_size(&rsa.n);
  uint8_t buf[512];
  if (n > sizeof buf)
    return -1;
  if (pss)
    return wc_RsaPSS_VerifyCheck((byte *)sig, n, buf, n, hash, 32, WC_HASH_TYPE_SHA256,
                                 WC_MGF1SHA256, &rsa) < 0;
  /* The inline call decodes in place: it gets a copy of the signature. */
  byte *msg = NULL;
  memcpy(buf, sig, n);
  int len = wc_RsaSSL_VerifyInline(buf, n, &msg, &rsa);
  return len != (int)INFO_LEN || memcmp(msg, sha256_info, sizeof sha256_info) != 0 ||
         memcmp(msg + sizeof sha256_info, hash, 32) != 0;
}
