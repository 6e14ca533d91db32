/* BearSSL configurations: which implementation variant each adapter calls.
 * BearSSL builds every variant into the library and the application picks
 * one by name; the build (crypto/bearssl/bearssl.mk) passes one group and
 * its choices:
 *   CP_BR_GROUP_SYM  CP_BR_AES_{big,small,ct}, CP_BR_MUL_{ctmul,ctmul32}
 *   CP_BR_GROUP_ECC  CP_BR_EC_{p256_m15,p256_m31,prime_i15,prime_i31,
 *                    c25519_m15,c25519_m31}
 *   CP_BR_GROUP_RSA  CP_BR_RSA_{i15,i31,i32}
 * Families outside the image's group use BearSSL's own default for a 32-bit
 * core (aes_ct, ctmul, ec_all_m31 with ecdsa_i31, c25519_m31, rsa_i31); only
 * the quick image, which runs every family in the home sym image, calls
 * them. Each choice comes with its label, what it means (the run header's
 * axes) and whether it is the home value of its axis (BearSSL's default). */
#ifndef CP_BEARSSL_VARIANTS_H
#define CP_BEARSSL_VARIANTS_H

/* ---- AES: the block cipher of CBC, CCM (ctrcbc) and GCM (ctr) ---- */
#if defined(CP_BR_AES_big)
#define CP_BR_AES(x) br_aes_big_##x
#define CP_BR_AES_LABEL "big"
#define CP_BR_AES_HOME 0
#define CP_BR_AES_MEANING "br_aes_big_*: table-based AES, one 1 KiB table per direction (rotated for the other three columns) and the 256-byte S-box, constant data; fewest instructions, not constant-time (table look-ups by secret index)"
#elif defined(CP_BR_AES_small)
#define CP_BR_AES(x) br_aes_small_##x
#define CP_BR_AES_LABEL "small"
#define CP_BR_AES_HOME 0
#define CP_BR_AES_MEANING "br_aes_small_*: AES with only the 256-byte S-box (and its inverse for decryption) as table, MixColumns computed; small code and tables, not constant-time"
#else
#define CP_BR_AES(x) br_aes_ct_##x
#define CP_BR_AES_LABEL "ct"
#define CP_BR_AES_HOME 1
#define CP_BR_AES_MEANING "br_aes_ct_*: bitsliced AES, no table, constant-time (BearSSL's default on 32-bit cores)"
#endif

/* ---- the multiplier of GHASH (GCM) and of Poly1305 ---- */
#if defined(CP_BR_MUL_ctmul32)
#define CP_BR_GHASH br_ghash_ctmul32
#define CP_BR_POLY1305 br_poly1305_ctmul32_run
#define CP_BR_MUL_LABEL "ctmul32"
#define CP_BR_MUL_HOME 0
#define CP_BR_MUL_MEANING "br_ghash_ctmul32 and br_poly1305_ctmul32_run: constant-time with 32x32->32 multiplications only, for cores whose long multiply does not run in constant time (BearSSL's choice under BR_LOMUL, e.g. Cortex-M0/M3); slower"
#else
#define CP_BR_GHASH br_ghash_ctmul
#define CP_BR_POLY1305 br_poly1305_ctmul_run
#define CP_BR_MUL_LABEL "ctmul"
#define CP_BR_MUL_HOME 1
#define CP_BR_MUL_MEANING "br_ghash_ctmul and br_poly1305_ctmul_run: constant-time with 32x32->64 multiplications (BearSSL's default on 32-bit cores)"
#endif

/* ---- elliptic curves: the implementation, the ECDSA arithmetic that goes
 * with it (i15 with the 15-bit ones, i31 with the 31-bit ones), the curves
 * it serves (bits: 1 P-256, 2 P-384, 4 P-521, 8 X25519) ---- */
#define CP_BR_P256 1u
#define CP_BR_P384 2u
#define CP_BR_P521 4u
#define CP_BR_X25519 8u
#if defined(CP_BR_EC_p256_m15)
#define CP_BR_EC_IMPL br_ec_p256_m15
#define CP_BR_ECDSA(x) br_ecdsa_i15_##x
#define CP_BR_EC_CURVES CP_BR_P256
#define CP_BR_EC_LABEL "p256_m15"
#define CP_BR_EC_SLUG "p256-m15"
#define CP_BR_EC_MEANING "br_ec_p256_m15 with br_ecdsa_i15: P-256 only, specialised field arithmetic on 13-bit limbs with 32x32->32 multiplications only, precomputed table of the generator (mulgen), constant-time"
#elif defined(CP_BR_EC_p256_m31)
#define CP_BR_EC_IMPL br_ec_p256_m31
#define CP_BR_ECDSA(x) br_ecdsa_i31_##x
#define CP_BR_EC_CURVES CP_BR_P256
#define CP_BR_EC_LABEL "p256_m31"
#define CP_BR_EC_SLUG "p256-m31"
#define CP_BR_EC_MEANING "br_ec_p256_m31 with br_ecdsa_i31: P-256 only, specialised field arithmetic on 30-bit limbs with 32x32->64 multiplications, precomputed table of the generator (mulgen), constant-time (BearSSL's default for P-256)"
#elif defined(CP_BR_EC_prime_i15)
#define CP_BR_EC_IMPL br_ec_prime_i15
#define CP_BR_ECDSA(x) br_ecdsa_i15_##x
#define CP_BR_EC_CURVES (CP_BR_P256 | CP_BR_P384 | CP_BR_P521)
#define CP_BR_EC_LABEL "prime_i15"
#define CP_BR_EC_SLUG "prime-i15"
#define CP_BR_EC_MEANING "br_ec_prime_i15 with br_ecdsa_i15: generic NIST-curve code on BearSSL's i15 big integers (15-bit words, whose products fit 32 bits), no precomputed table, constant-time"
#elif defined(CP_BR_EC_prime_i31)
#define CP_BR_EC_IMPL br_ec_prime_i31
#define CP_BR_ECDSA(x) br_ecdsa_i31_##x
#define CP_BR_EC_CURVES (CP_BR_P256 | CP_BR_P384 | CP_BR_P521)
#define CP_BR_EC_LABEL "prime_i31"
#define CP_BR_EC_SLUG "prime-i31"
#define CP_BR_EC_MEANING "br_ec_prime_i31 with br_ecdsa_i31: generic NIST-curve code on BearSSL's i31 big integers (31-bit words, 32x32->64 multiplications), no precomputed table, constant-time (BearSSL's default for P-384 and P-521)"
#elif defined(CP_BR_EC_c25519_m15)
#define CP_BR_XDH_IMPL br_ec_c25519_m15
#define CP_BR_EC_CURVES CP_BR_X25519
#define CP_BR_EC_LABEL "c25519_m15"
#define CP_BR_EC_SLUG "c25519-m15"
#define CP_BR_EC_MEANING "br_ec_c25519_m15: Curve25519 Montgomery ladder on 13-bit limbs with 32x32->32 multiplications only, constant-time"
#elif defined(CP_BR_EC_c25519_m31)
#define CP_BR_XDH_IMPL br_ec_c25519_m31
#define CP_BR_EC_CURVES CP_BR_X25519
#define CP_BR_EC_LABEL "c25519_m31"
#define CP_BR_EC_SLUG "c25519-m31"
#define CP_BR_EC_MEANING "br_ec_c25519_m31: Curve25519 Montgomery ladder on 30-bit limbs with 32x32->64 multiplications, constant-time (BearSSL's default for X25519)"
#endif
#ifndef CP_BR_EC_IMPL
#define CP_BR_EC_IMPL br_ec_all_m31
#define CP_BR_ECDSA(x) br_ecdsa_i31_##x
#endif
#ifndef CP_BR_XDH_IMPL
#define CP_BR_XDH_IMPL br_ec_c25519_m31
#endif

/* ---- RSA: the big-integer code of the private and public operations ---- */
#if defined(CP_BR_RSA_i15)
#define CP_BR_RSA(x) br_rsa_i15_##x
#define CP_BR_RSA_LABEL "i15"
#define CP_BR_RSA_HOME 0
#define CP_BR_RSA_MEANING "br_rsa_i15_*: big integers in 15-bit words, whose products fit 32 bits (for cores whose 32x32->64 multiply is slow or not constant-time), constant-time"
#elif defined(CP_BR_RSA_i32)
#define CP_BR_RSA(x) br_rsa_i32_##x
#define CP_BR_RSA_LABEL "i32"
#define CP_BR_RSA_HOME 0
#define CP_BR_RSA_MEANING "br_rsa_i32_*: big integers in 32-bit words, 32x32->64 multiplications, BearSSL's oldest code (superseded by i31), constant-time"
#else
#define CP_BR_RSA(x) br_rsa_i31_##x
#define CP_BR_RSA_LABEL "i31"
#define CP_BR_RSA_HOME 1
#define CP_BR_RSA_MEANING "br_rsa_i31_*: big integers in 31-bit words, 32x32->64 multiplications, constant-time (BearSSL's default on 32-bit cores)"
#endif

#endif
