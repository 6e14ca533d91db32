/* Uniform operations of the post-quantum families (ML-DSA, ML-KEM, HBS-LMS
 * verification), for ports whose library has them. Every operation that
 * needs randomness takes it as an argument, so runs are deterministic. One
 * function per operation, as in ops.h; all return 0 on success. */
#ifndef CP_OPS_PQ_H
#define CP_OPS_PQ_H
#include <stddef.h>
#include <stdint.h>

/* Largest sizes over the parameter sets (ML-DSA-87, ML-KEM-1024). */
#define CP_MLDSA_PUB_MAX 2592
#define CP_MLDSA_PRIV_MAX 4896
#define CP_MLDSA_SIG_MAX 4627
#define CP_MLKEM_PUB_MAX 1568
#define CP_MLKEM_PRIV_MAX 3168
#define CP_MLKEM_CT_MAX 1568
#define CP_MLKEM_SS 32
#define CP_PQ_SEED 32

/* ML-DSA, level 44, 65 or 87. Key generation from a 32-byte seed; signing
 * with the private key (import included) and a 32-byte seed for the
 * signature's randomness; verification with the public key (import
 * included), *valid 1 or 0. Sizes are in/out: buffer size in, length out. */
int cp_mldsa_keygen(unsigned level, const uint8_t *seed, uint8_t *pub, size_t *pub_len,
                    uint8_t *priv, size_t *priv_len);
int cp_mldsa_sign(unsigned level, const uint8_t *priv, size_t priv_len, const uint8_t *msg,
                  size_t len, const uint8_t *seed, uint8_t *sig, size_t *sig_len);
int cp_mldsa_verify(unsigned level, const uint8_t *pub, size_t pub_len, const uint8_t *msg,
                    size_t len, const uint8_t *sig, size_t sig_len, int *valid);

/* ML-KEM, level 512, 768 or 1024. Key generation from 64 bytes of
 * randomness; encapsulation to a public key with 32 bytes of randomness;
 * decapsulation with the private key. */
int cp_mlkem_keygen(unsigned level, const uint8_t *rand64, uint8_t *pub, size_t *pub_len,
                    uint8_t *priv, size_t *priv_len);
int cp_mlkem_encaps(unsigned level, const uint8_t *pub, size_t pub_len, const uint8_t *rand32,
                    uint8_t *ct, size_t *ct_len, uint8_t *ss);
int cp_mlkem_decaps(unsigned level, const uint8_t *priv, size_t priv_len, const uint8_t *ct,
                    size_t ct_len, uint8_t *ss);

/* HBS-LMS verification (one level, SHA-256, M=N=32) with tree height
 * `height` and Winternitz parameter `w`: imports the public key (HSS,
 * u32str(1) first) and checks, *valid 1 or 0. The keys and signatures are
 * the host's (vectors_lms.h): LMS signing is stateful and not measured. */
int cp_lms_verify(unsigned height, unsigned w, const uint8_t *pub, size_t pub_len,
                  const uint8_t *msg, size_t len, const uint8_t *sig, size_t sig_len, int *valid);

#endif
