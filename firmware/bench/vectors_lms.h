/* HBS-LMS public keys and signatures for the verification cases, made on
 * the host by firmware/vectors/mkvectors_lms.c (an RFC 8554 signer over
 * OpenSSL's SHA-256, checked against the RFC's Test Case 2) into
 * build/fw/vectors/vectors_lms.c: one level (HSS with L = 1),
 * LMS_SHA256_M32_H5, one key per Winternitz parameter, leaf 0, a message of
 * 1023 bytes (the length of the EdDSA and ML-DSA message). */
#ifndef CP_VECTORS_LMS_H
#define CP_VECTORS_LMS_H
#include <stddef.h>
#include <stdint.h>

#define CP_LMS_HEIGHT 5
#define CP_VEC_LMS_MSG_LEN 1023
/* u32str(L) || LMS type || LM-OTS type || I || root */
#define CP_LMS_PUB 60
/* W1: u32str(Nspk) || q || LM-OTS type || C || 265 x 32 || LMS type || 5 x 32 */
#define CP_LMS_SIG_MAX 8688

struct cp_lms_vector {
  unsigned w;
  const uint8_t *pub, *sig;
  size_t sig_len;
};

extern const uint8_t cp_vec_lms_msg[CP_VEC_LMS_MSG_LEN];
/* W = 1, 2, 4, 8 */
extern const struct cp_lms_vector cp_vec_lms[4];
#endif
