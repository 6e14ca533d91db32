#include "hostvec.h"

#include <string.h>

/* The firmware's vector tables as the host generated them (mk/runner.mk
 * links build/fw/vectors/ into the runner); read only. */
#include "../bench/ops.h"
#include "../bench/pk_vectors.h"
#include "../bench/vectors.h"
#include "../bench/vectors_edwards.h"

static const char ed_msg_name[] =
    "the suite's 1023-byte EdDSA message (cp_vec_ed_msg, firmware/vectors/mkvectors_edwards.c)";
static const char sha256_name[] =
    "SHA-256 of the suite's 32-byte message (cp_vec_sha256[0], firmware/vectors/mkvectors.c)";

/* ECDSA (firmware/bench/bench_ecc.c): side A's fixed key signs the curve's
 * digest of the suite's 32-byte message. */
static const struct {
    const char *curve, *hash;
    enum cp_curve ec;
    const uint8_t *digest;
    size_t digest_len;
    const char *key_name, *msg_name;
} ecdsa[] = {
    { "secp256r1", "sha256", CP_P256, cp_vec_sha256[0], 32,
      "side A's P-256 key (cp_vec_ec[CP_P256].q_a, firmware/vectors/mkpkvectors.c)", sha256_name },
    { "secp384r1", "sha384", CP_P384, cp_vec_sha384[0], 48,
      "side A's P-384 key (cp_vec_ec[CP_P384].q_a, firmware/vectors/mkpkvectors.c)",
      "SHA-384 of the suite's 32-byte message (cp_vec_sha384[0], firmware/vectors/mkvectors.c)" },
    { "secp521r1", "sha512", CP_P521, cp_vec_sha512[0], 64,
      "side A's P-521 key (cp_vec_ec[CP_P521].q_a, firmware/vectors/mkpkvectors.c)",
      "SHA-512 of the suite's 32-byte message (cp_vec_sha512[0], firmware/vectors/mkvectors.c)" },
};

/* RSA (firmware/bench/bench_rsa.c): the key of the modulus size signs
 * SHA-256 of the same message, v1.5 or PSS. */
static const char *const rsa_key_names[] = {
    "the 1024-bit modulus (cp_vec_rsa[0].n, firmware/vectors/mkpkvectors.c)",
    "the 2048-bit modulus (cp_vec_rsa[1].n, firmware/vectors/mkpkvectors.c)",
    "the 3072-bit modulus (cp_vec_rsa[2].n, firmware/vectors/mkpkvectors.c)",
};
_Static_assert(sizeof rsa_key_names / sizeof rsa_key_names[0] == sizeof cp_vec_rsa / sizeof cp_vec_rsa[0],
               "a name for every RSA key of pk_vectors.h");

/* EdDSA (firmware/bench/bench_eddsa.c): the fixed key pair signs the
 * 1023-byte message itself. */
static const struct {
    const char *curve;
    const uint8_t *key;
    size_t key_len;
    const char *key_name;
} eddsa[] = {
    { "ed25519", cp_vec_ed25519_pub, CP_ED25519_KEY,
      "the Ed25519 key (cp_vec_ed25519_pub, firmware/vectors/mkvectors_edwards.c)" },
    { "ed448", cp_vec_ed448_pub, CP_ED448_KEY,
      "the Ed448 key (cp_vec_ed448_pub, firmware/vectors/mkvectors_edwards.c)" },
};

static int is(const char *a, const char *b)
{
    return a && strcmp(a, b) == 0;
}

static int find_ecdsa(const cpr_row *r, cpr_hostvec *v, const char **why)
{
    for (size_t i = 0; i < sizeof ecdsa / sizeof ecdsa[0]; i++) {
        if (!is(r->text[CP_F_CURVE], ecdsa[i].curve) || !is(r->text[CP_F_HASH], ecdsa[i].hash))
            continue;
        const struct cp_ec_vector *ec = &cp_vec_ec[ecdsa[i].ec];
        *v = (cpr_hostvec){ "ecdsa", ecdsa[i].curve, ecdsa[i].hash, ec->q_a, ec->q_len, ecdsa[i].digest,
                            ecdsa[i].digest_len, ecdsa[i].key_name, ecdsa[i].msg_name };
        return 0;
    }
    *why = "the host has ECDSA vectors for secp256r1 with sha256, secp384r1 with sha384 and secp521r1 with "
           "sha512 only";
    return -1;
}

static int find_rsa(const cpr_row *r, cpr_hostvec *v, const char **why)
{
    const char *pkcs1 = r->text[CP_F_PKCS1];
    const char *scheme = is(pkcs1, "v1.5") ? "rsa-pkcs1-v1.5" : is(pkcs1, "v2.1") ? "rsa-pss" : NULL;
    int signed_here = scheme && is(r->text[CP_F_HASH], "sha256") && r->text[CP_F_MODULUS_BITS];
    for (size_t i = 0; signed_here && i < sizeof cp_vec_rsa / sizeof cp_vec_rsa[0]; i++) {
        if (r->num[CP_F_MODULUS_BITS] != (long long)cp_vec_rsa[i].bits)
            continue;
        *v = (cpr_hostvec){ scheme, NULL, "sha256", cp_vec_rsa[i].n, cp_vec_rsa[i].bits / 8, cp_vec_sha256[0], 32,
                            rsa_key_names[i], sha256_name };
        return 0;
    }
    *why = "the host has RSA vectors for pkcs1 v1.5 and v2.1 (PSS) with sha256 and modulus_bits 1024, 2048 "
           "and 3072 only";
    return -1;
}

static int find_eddsa(const cpr_row *r, cpr_hostvec *v, const char **why)
{
    for (size_t i = 0; i < sizeof eddsa / sizeof eddsa[0]; i++) {
        if (!is(r->text[CP_F_CURVE], eddsa[i].curve) ||
            (r->text[CP_F_MESSAGE_BYTES] && r->num[CP_F_MESSAGE_BYTES] != CP_VEC_ED_MSG_LEN))
            continue;
        *v = (cpr_hostvec){ eddsa[i].curve, NULL, NULL, eddsa[i].key, eddsa[i].key_len, cp_vec_ed_msg,
                            CP_VEC_ED_MSG_LEN, eddsa[i].key_name, ed_msg_name };
        return 0;
    }
    *why = "the host has EdDSA vectors for ed25519 and ed448 over the 1023-byte message only";
    return -1;
}

int cpr_hostvec_find(const cpr_row *r, cpr_hostvec *v, const char **why)
{
    const char *family = r->text[CP_F_FAMILY];
    *why = NULL;
    memset(v, 0, sizeof *v);
    if (is(family, "ECDSA"))
        return find_ecdsa(r, v, why);
    if (is(family, "RSA"))
        return find_rsa(r, v, why);
    if (is(family, "EdDSA"))
        return find_eddsa(r, v, why);
    /* HBS-LMS: the board only verifies the host's signatures
     * (mkvectors_lms.c); ML-DSA: no host implementation of its draft */
    *why = "the host has signature vectors for ECDSA, RSA and EdDSA only";
    return -1;
}
