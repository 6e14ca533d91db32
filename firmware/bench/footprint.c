/* Footprint images: one operation called once on harness buffers. The
 * baseline is this file with no CP_FP_* option: the same program without the
 * call. Everything of the harness is kept by both (cp_fp_keep): its buffers
 * and scalars as non-static globals, the random stream and the counting
 * allocator (with newlib's malloc behind it), so that only the library's
 * code and data for the operation make the difference. These images are
 * measured by their sections, not run. Options (one at a time):
 * CP_FP_AES_CBC_ENC, CP_FP_AES_CBC_DEC, CP_FP_DES3_CBC_ENC,
 * CP_FP_DES3_CBC_DEC, CP_FP_AES_CCM_ENC, CP_FP_AES_CCM_DEC, CP_FP_AES_GCM_ENC,
 * CP_FP_AES_GCM_DEC, CP_FP_AES_GCM_FLOW_ENC, CP_FP_AES_GCM_FLOW_DEC, CP_FP_CHACHAPOLY_ENC, CP_FP_CHACHAPOLY_DEC, and
 * CP_FP_HASH_DIGEST=h, CP_FP_HASH_FLOW=h,
 * CP_FP_HASH_FINISH=h for hash h; for the families of ops_edwards.h and
 * ops_pq.h: CP_FP_ED25519_SIGN, CP_FP_ED25519_VERIFY, CP_FP_ED448_SIGN,
 * CP_FP_ED448_VERIFY, CP_FP_X25519_PUBLIC, CP_FP_X25519_SHARED,
 * CP_FP_X448_PUBLIC, CP_FP_X448_SHARED, CP_FP_MLDSA_KEYGEN, CP_FP_MLDSA_SIGN,
 * CP_FP_MLDSA_VERIFY, CP_FP_MLKEM_KEYGEN, CP_FP_MLKEM_ENCAPS,
 * CP_FP_MLKEM_DECAPS, CP_FP_LMS_VERIFY (parameter set chosen at run time: the
 * code of all of them is linked); for public key, each with the set-up it
 * needs (group and key, so that curve parameters and tables count), on a
 * library build restricted to the curve or modulus where the port has one
 * (mk/firmware.mk): CP_FP_ECDSA_SIGN=curve, CP_FP_ECDSA_VERIFY=curve,
 * CP_FP_ECDH_KEYGEN=curve, CP_FP_ECDH_SHARED=curve, CP_FP_RSA_SIGN=pss,
 * CP_FP_RSA_VERIFY=pss, CP_FP_DH_KEYGEN, CP_FP_DH_SHARED. */
#include "ops.h"
#include "ops_edwards.h"
#include "ops_pq.h"

uint8_t cp_fp_key[32], cp_fp_iv[16], cp_fp_in[2048], cp_fp_out[2048], cp_fp_tag[16];
volatile size_t cp_fp_len, cp_fp_chunk;
volatile unsigned cp_fp_key_bits;
volatile size_t cp_fp_len2;
int cp_fp_valid;
union cp_hash_ctx cp_fp_ctx;
struct cp_aead_args cp_fp_aead;
uint8_t cp_fp_pk[1024];
struct cp_rsa_key cp_fp_rsa;

void *cp_calloc(size_t n, size_t size);
void *cp_realloc(void *p, size_t n);
void cp_free(void *p);

/* Keeps an object in both images without the compiler knowing its use. */
static void cp_fp_keep(const void *p)
{
  __asm__ volatile("" : : "r"(p) : "memory");
}

#define CAT3(a, b, c) a##b##c
#define HASH_FN(h, op) CAT3(cp_, h, op)

int main(void)
{
  const void *const objects[] = { cp_fp_key, cp_fp_iv, cp_fp_in, cp_fp_out, cp_fp_tag,
                                  &cp_fp_ctx, &cp_fp_aead, cp_fp_pk, &cp_fp_rsa,
                                  (const void *)&cp_fp_len, (const void *)&cp_fp_chunk,
                                  (const void *)&cp_fp_key_bits, (const void *)&cp_fp_len2,
                                  &cp_fp_valid };
  for (unsigned i = 0; i < sizeof objects / sizeof objects[0]; i++)
    cp_fp_keep(objects[i]);
  /* The harness's random stream and allocator, called as the library would
   * call them: in the baseline too, so no operation is charged for them. */
  cp_rand_reset();
  cp_rand_fill(cp_fp_out, cp_fp_len);
  cp_free(cp_realloc(cp_calloc(1, cp_fp_len), cp_fp_len2));
  int r = 0;
#if defined(CP_FP_AES_CBC_ENC)
  r = cp_aes_cbc_enc(cp_fp_key, cp_fp_key_bits, cp_fp_iv, cp_fp_in, cp_fp_out, cp_fp_len, cp_fp_chunk);
#elif defined(CP_FP_AES_CBC_DEC)
  r = cp_aes_cbc_dec(cp_fp_key, cp_fp_key_bits, cp_fp_iv, cp_fp_in, cp_fp_out, cp_fp_len, cp_fp_chunk);
#elif defined(CP_FP_DES3_CBC_ENC)
  r = cp_des3_cbc_enc(cp_fp_key, cp_fp_iv, cp_fp_in, cp_fp_out, cp_fp_len, cp_fp_chunk);
#elif defined(CP_FP_DES3_CBC_DEC)
  r = cp_des3_cbc_dec(cp_fp_key, cp_fp_iv, cp_fp_in, cp_fp_out, cp_fp_len, cp_fp_chunk);
#elif defined(CP_FP_AES_CCM_ENC)
  r = cp_aes_ccm_enc(&cp_fp_aead);
#elif defined(CP_FP_AES_CCM_DEC)
  r = cp_aes_ccm_dec(&cp_fp_aead);
#elif defined(CP_FP_AES_GCM_ENC)
  r = cp_aes_gcm_enc(&cp_fp_aead);
#elif defined(CP_FP_AES_GCM_DEC)
  r = cp_aes_gcm_dec(&cp_fp_aead);
#elif defined(CP_FP_AES_GCM_FLOW_ENC)
  r = cp_aes_gcm_flow_enc(&cp_fp_aead);
#elif defined(CP_FP_AES_GCM_FLOW_DEC)
  r = cp_aes_gcm_flow_dec(&cp_fp_aead);
#elif defined(CP_FP_CHACHAPOLY_ENC)
  r = cp_chachapoly_enc(&cp_fp_aead);
#elif defined(CP_FP_CHACHAPOLY_DEC)
  r = cp_chachapoly_dec(&cp_fp_aead);
#elif defined(CP_FP_HASH_DIGEST)
  r = HASH_FN(CP_FP_HASH_DIGEST, _digest)(cp_fp_in, cp_fp_len, cp_fp_out);
#elif defined(CP_FP_HASH_FLOW)
  r = HASH_FN(CP_FP_HASH_FLOW, _start)(&cp_fp_ctx) ||
      HASH_FN(CP_FP_HASH_FLOW, _update)(&cp_fp_ctx, cp_fp_in, cp_fp_len) ||
      HASH_FN(CP_FP_HASH_FLOW, _finish)(&cp_fp_ctx, cp_fp_out);
#elif defined(CP_FP_HASH_FINISH)
  r = HASH_FN(CP_FP_HASH_FINISH, _finish)(&cp_fp_ctx, cp_fp_out);
#elif defined(CP_FP_ED25519_SIGN)
  r = cp_ed25519_set_key(cp_fp_key, cp_fp_iv) || cp_ed25519_sign(cp_fp_in, cp_fp_len, cp_fp_out);
#elif defined(CP_FP_ED25519_VERIFY)
  r = cp_ed25519_set_key(NULL, cp_fp_key) || cp_ed25519_verify(cp_fp_in, cp_fp_len, cp_fp_out, &cp_fp_valid);
#elif defined(CP_FP_ED448_SIGN)
  r = cp_ed448_set_key(cp_fp_key, cp_fp_iv) || cp_ed448_sign(cp_fp_in, cp_fp_len, cp_fp_out);
#elif defined(CP_FP_ED448_VERIFY)
  r = cp_ed448_set_key(NULL, cp_fp_key) || cp_ed448_verify(cp_fp_in, cp_fp_len, cp_fp_out, &cp_fp_valid);
#elif defined(CP_FP_X25519_PUBLIC)
  r = cp_x25519_set_private(cp_fp_key) || cp_x25519_public(cp_fp_out);
#elif defined(CP_FP_X25519_SHARED)
  r = cp_x25519_set_private(cp_fp_key) || cp_x25519_shared(cp_fp_in, cp_fp_out);
#elif defined(CP_FP_X448_PUBLIC)
  r = cp_x448_set_private(cp_fp_key) || cp_x448_public(cp_fp_out);
#elif defined(CP_FP_X448_SHARED)
  r = cp_x448_set_private(cp_fp_key) || cp_x448_shared(cp_fp_in, cp_fp_out);
#elif defined(CP_FP_MLDSA_KEYGEN)
  size_t pl = cp_fp_len, sl = cp_fp_len2;
  r = cp_mldsa_keygen(cp_fp_key_bits, cp_fp_key, cp_fp_out, &pl, cp_fp_in, &sl);
#elif defined(CP_FP_MLDSA_SIGN)
  size_t n = cp_fp_len2;
  r = cp_mldsa_sign(cp_fp_key_bits, cp_fp_in, cp_fp_len, cp_fp_in, cp_fp_len, cp_fp_key, cp_fp_out, &n);
#elif defined(CP_FP_MLDSA_VERIFY)
  r = cp_mldsa_verify(cp_fp_key_bits, cp_fp_in, cp_fp_len, cp_fp_in, cp_fp_len, cp_fp_out,
                      cp_fp_len2, &cp_fp_valid);
#elif defined(CP_FP_MLKEM_KEYGEN)
  size_t pl = cp_fp_len, sl = cp_fp_len2;
  r = cp_mlkem_keygen(cp_fp_key_bits, cp_fp_key, cp_fp_out, &pl, cp_fp_in, &sl);
#elif defined(CP_FP_MLKEM_ENCAPS)
  size_t n = cp_fp_len2;
  r = cp_mlkem_encaps(cp_fp_key_bits, cp_fp_in, cp_fp_len, cp_fp_key, cp_fp_out, &n, cp_fp_tag);
#elif defined(CP_FP_MLKEM_DECAPS)
  r = cp_mlkem_decaps(cp_fp_key_bits, cp_fp_in, cp_fp_len, cp_fp_in, cp_fp_len2, cp_fp_out);
#elif defined(CP_FP_LMS_VERIFY)
  r = cp_lms_verify(cp_fp_key_bits, cp_fp_key_bits, cp_fp_key, cp_fp_len, cp_fp_in, cp_fp_len,
                    cp_fp_out, cp_fp_len2, &cp_fp_valid);
#elif defined(CP_FP_ECDSA_SIGN)
  r = cp_rng_reset() || cp_ec_setup(0, CP_FP_ECDSA_SIGN) || cp_ec_set_private(0, cp_fp_key, cp_fp_len) ||
      cp_ecdsa_sign(0, cp_fp_in, cp_fp_len, cp_fp_out);
#elif defined(CP_FP_ECDSA_VERIFY)
  r = cp_ec_setup(0, CP_FP_ECDSA_VERIFY) || cp_ec_set_public(0, cp_fp_pk, cp_fp_len) ||
      cp_ecdsa_verify(0, cp_fp_in, cp_fp_len, cp_fp_out);
#elif defined(CP_FP_ECDH_KEYGEN)
  size_t len = sizeof cp_fp_out;
  r = cp_rng_reset() || cp_ec_setup(0, CP_FP_ECDH_KEYGEN) || cp_ecdh_gen_public(0) ||
      cp_ec_public(0, cp_fp_out, &len);
#elif defined(CP_FP_ECDH_SHARED)
  r = cp_rng_reset() || cp_ec_setup(0, CP_FP_ECDH_SHARED) || cp_ec_set_private(0, cp_fp_key, cp_fp_len) ||
      cp_ecdh_shared(0, cp_fp_pk, cp_fp_len, cp_fp_out, cp_fp_chunk);
#elif defined(CP_FP_RSA_SIGN)
  r = cp_rng_reset() || cp_rsa_setup(&cp_fp_rsa) || cp_rsa_sign(CP_FP_RSA_SIGN, cp_fp_in, cp_fp_out);
#elif defined(CP_FP_RSA_VERIFY)
  r = cp_rsa_setup(&cp_fp_rsa) || cp_rsa_verify(CP_FP_RSA_VERIFY, cp_fp_in, cp_fp_out);
#elif defined(CP_FP_DH_KEYGEN)
  r = cp_rng_reset() || cp_dh_setup(0, cp_fp_pk, cp_fp_len, cp_fp_key, 1) ||
      cp_dh_gen_public(0, cp_fp_out, cp_fp_len);
#elif defined(CP_FP_DH_SHARED)
  r = cp_rng_reset() || cp_dh_setup(0, cp_fp_pk, cp_fp_len, cp_fp_key, 1) ||
      cp_dh_shared(0, cp_fp_in, cp_fp_out, cp_fp_len);
#endif
  return r;
}
