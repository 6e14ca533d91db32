/* Known answers of the suite, computed on the host with OpenSSL by
 * firmware/vectors/mkvectors.c into build/fw/vectors/vectors.c. One message
 * serves every case: CBC of a prefix is the prefix of the CBC output, so the
 * 8000-byte CBC ciphertext covers the 32/64/128-byte cases too. Keys are the
 * first key_bits/8 bytes of cp_vec_key (3DES: 24 bytes), the IV the first
 * 16 (AES) or 8 (3DES) bytes of cp_vec_iv, the AEAD nonce the first
 * CP_VEC_NONCE_LEN bytes of cp_vec_iv, the AAD the first CP_VEC_AAD_LEN
 * bytes of cp_vec_msg. Digests: rows for 32, 64, 128 and 8000 bytes.
 * ChaCha20-Poly1305 (key: all 32 bytes of cp_vec_key; nonce and AAD as for
 * AES): a stream cipher, so the 1024-byte ciphertext serves every size;
 * the tags differ, one row per size of CP_VEC_CHACHA_SIZES. AES-GCM is
 * CTR mode under a GHASH tag, so its ciphertext of the whole message holds
 * the 1024-byte case's as its prefix (mkvectors checks that); the tags
 * differ: *_tag for 1024 bytes, *_flow_tag for the whole message. */
#ifndef CP_VECTORS_H
#define CP_VECTORS_H
#include <stdint.h>

#define CP_VEC_MSG_LEN 8000
#define CP_VEC_AEAD_LEN 1024
#define CP_VEC_AAD_LEN 16
#define CP_VEC_NONCE_LEN 12
#define CP_VEC_TAG_LEN 16
#define CP_VEC_DIGEST_MAX 64
#define CP_VEC_CHACHA_SIZES { 32, 64, 128, 1024 }
#define CP_VEC_CHACHA_LEN 1024
/* The data-flow cases' chunk sizes (CBC and GCM), multiples of 16. */
#define CP_VEC_CHUNK_SIZES { 128, 512, 1024, 2048 }

extern const uint8_t cp_vec_msg[CP_VEC_MSG_LEN], cp_vec_key[32], cp_vec_iv[16];
extern const uint8_t cp_vec_aes_cbc_128[CP_VEC_MSG_LEN], cp_vec_aes_cbc_192[CP_VEC_MSG_LEN],
    cp_vec_aes_cbc_256[CP_VEC_MSG_LEN], cp_vec_des3_cbc[CP_VEC_MSG_LEN];
extern const uint8_t cp_vec_aes_ccm_128[CP_VEC_AEAD_LEN], cp_vec_aes_ccm_192[CP_VEC_AEAD_LEN],
    cp_vec_aes_ccm_256[CP_VEC_AEAD_LEN], cp_vec_aes_gcm_128[CP_VEC_MSG_LEN],
    cp_vec_aes_gcm_192[CP_VEC_MSG_LEN], cp_vec_aes_gcm_256[CP_VEC_MSG_LEN];
extern const uint8_t cp_vec_aes_ccm_128_tag[CP_VEC_TAG_LEN], cp_vec_aes_ccm_192_tag[CP_VEC_TAG_LEN],
    cp_vec_aes_ccm_256_tag[CP_VEC_TAG_LEN], cp_vec_aes_gcm_128_tag[CP_VEC_TAG_LEN],
    cp_vec_aes_gcm_192_tag[CP_VEC_TAG_LEN], cp_vec_aes_gcm_256_tag[CP_VEC_TAG_LEN];
extern const uint8_t cp_vec_aes_gcm_128_flow_tag[CP_VEC_TAG_LEN], cp_vec_aes_gcm_192_flow_tag[CP_VEC_TAG_LEN],
    cp_vec_aes_gcm_256_flow_tag[CP_VEC_TAG_LEN];
extern const uint8_t cp_vec_chachapoly[CP_VEC_CHACHA_LEN], cp_vec_chachapoly_tag[4][CP_VEC_TAG_LEN];
extern const uint8_t cp_vec_md5[4][CP_VEC_DIGEST_MAX], cp_vec_sha1[4][CP_VEC_DIGEST_MAX],
    cp_vec_sha224[4][CP_VEC_DIGEST_MAX], cp_vec_sha256[4][CP_VEC_DIGEST_MAX],
    cp_vec_sha384[4][CP_VEC_DIGEST_MAX], cp_vec_sha512[4][CP_VEC_DIGEST_MAX],
    cp_vec_sha3_224[4][CP_VEC_DIGEST_MAX], cp_vec_sha3_256[4][CP_VEC_DIGEST_MAX],
    cp_vec_sha3_384[4][CP_VEC_DIGEST_MAX], cp_vec_sha3_512[4][CP_VEC_DIGEST_MAX];
#endif
