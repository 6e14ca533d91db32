#include "sigcheck.h"

#include <openssl/core_names.h>
#include <openssl/ecdsa.h>
#include <openssl/evp.h>
#include <openssl/param_build.h>
#include <openssl/rsa.h>
#include <string.h>

static const char *group_of(const char *curve)
{
    static const char *const names[][2] = {
        { "secp256r1", "P-256" }, { "secp384r1", "P-384" }, { "secp521r1", "P-521" },
    };
    for (size_t i = 0; curve && i < sizeof names / sizeof names[0]; i++)
        if (strcmp(curve, names[i][0]) == 0)
            return names[i][1];
    return NULL;
}

static const EVP_MD *md_of(const char *hash, size_t len)
{
    const EVP_MD *md = !hash ? NULL
                       : strcmp(hash, "sha256") == 0 ? EVP_sha256()
                       : strcmp(hash, "sha384") == 0 ? EVP_sha384()
                       : strcmp(hash, "sha512") == 0 ? EVP_sha512()
                                                      : NULL;
    return md && (size_t)EVP_MD_get_size(md) == len ? md : NULL;
}

/* A public key from OSSL_PARAMs of one algorithm. */
static EVP_PKEY *from_params(const char *alg, OSSL_PARAM_BLD *bld)
{
    OSSL_PARAM *params = OSSL_PARAM_BLD_to_param(bld);
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(NULL, alg, NULL);
    EVP_PKEY *key = NULL;
    if (!params || !ctx || EVP_PKEY_fromdata_init(ctx) <= 0 ||
        EVP_PKEY_fromdata(ctx, &key, EVP_PKEY_PUBLIC_KEY, params) <= 0)
        key = NULL;
    EVP_PKEY_CTX_free(ctx);
    OSSL_PARAM_free(params);
    return key;
}

static EVP_PKEY *ec_key(const cpr_sig *s, const char **why)
{
    const char *group = group_of(s->curve);
    if (!group) {
        *why = "expected a curve of secp256r1, secp384r1, secp521r1";
        return NULL;
    }
    OSSL_PARAM_BLD *bld = OSSL_PARAM_BLD_new();
    EVP_PKEY *key = NULL;
    if (bld && OSSL_PARAM_BLD_push_utf8_string(bld, OSSL_PKEY_PARAM_GROUP_NAME, group, 0) &&
        OSSL_PARAM_BLD_push_octet_string(bld, OSSL_PKEY_PARAM_PUB_KEY, s->key, s->key_len))
        key = from_params("EC", bld);
    OSSL_PARAM_BLD_free(bld);
    if (!key)
        *why = "the public key is not a point of the curve";
    return key;
}

static EVP_PKEY *rsa_key(const cpr_sig *s, const char **why)
{
    BIGNUM *n = BN_bin2bn(s->key, (int)s->key_len, NULL), *e = BN_new();
    OSSL_PARAM_BLD *bld = OSSL_PARAM_BLD_new();
    EVP_PKEY *key = NULL;
    if (n && e && bld && BN_set_word(e, 65537) && OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_N, n) &&
        OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_E, e))
        key = from_params("RSA", bld);
    OSSL_PARAM_BLD_free(bld);
    BN_free(n);
    BN_free(e);
    if (!key)
        *why = "the modulus is not an RSA public key";
    return key;
}

/* r || s as the DER ECDSA-Sig-Value libcrypto verifies. */
static int ecdsa_der(const cpr_sig *s, unsigned char **der)
{
    ECDSA_SIG *sig = ECDSA_SIG_new();
    size_t half = s->sig_len / 2;
    BIGNUM *r = BN_bin2bn(s->sig, (int)half, NULL), *t = BN_bin2bn(s->sig + half, (int)half, NULL);
    int len = -1;
    if (sig && r && t && s->sig_len % 2 == 0 && ECDSA_SIG_set0(sig, r, t)) {
        r = t = NULL;
        len = i2d_ECDSA_SIG(sig, der);
    }
    BN_free(r);
    BN_free(t);
    ECDSA_SIG_free(sig);
    return len;
}

/* ECDSA and RSA: a signature over a digest. */
static int verify_digest(const cpr_sig *s, int ecdsa, int pss, const char **why)
{
    const EVP_MD *md = md_of(s->hash, s->msg_len);
    if (!md) {
        *why = "expected a digest of sha256, sha384 or sha512 of its length";
        return -1;
    }
    EVP_PKEY *key = ecdsa ? ec_key(s, why) : rsa_key(s, why);
    if (!key)
        return -1;
    unsigned char *der = NULL;
    const unsigned char *sig = s->sig;
    size_t sig_len = s->sig_len;
    int rc = -1;
    if (ecdsa) {
        int n = ecdsa_der(s, &der);
        sig = der;
        sig_len = n > 0 ? (size_t)n : 0;
    }
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new(key, NULL);
    if (!sig_len || !ctx || EVP_PKEY_verify_init(ctx) <= 0 || EVP_PKEY_CTX_set_signature_md(ctx, md) <= 0 ||
        (!ecdsa && EVP_PKEY_CTX_set_rsa_padding(ctx, pss ? RSA_PKCS1_PSS_PADDING : RSA_PKCS1_PADDING) <= 0) ||
        (pss && (EVP_PKEY_CTX_set_rsa_mgf1_md(ctx, md) <= 0 ||
                 EVP_PKEY_CTX_set_rsa_pss_saltlen(ctx, RSA_PSS_SALTLEN_AUTO) <= 0)))
        *why = "libcrypto could not set up the verification";
    else if (EVP_PKEY_verify(ctx, sig, sig_len, s->msg, s->msg_len) != 1)
        *why = "OpenSSL does not accept the signature";
    else
        rc = 0;
    EVP_PKEY_CTX_free(ctx);
    OPENSSL_free(der);
    EVP_PKEY_free(key);
    return rc;
}

/* EdDSA: a signature over the message itself (pure Ed25519 / Ed448). */
static int verify_eddsa(const cpr_sig *s, int type, const char **why)
{
    EVP_PKEY *key = EVP_PKEY_new_raw_public_key(type, NULL, s->key, s->key_len);
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    int rc = -1;
    if (!key)
        *why = "the public key is not a key of the curve";
    else if (!ctx || EVP_DigestVerifyInit(ctx, NULL, NULL, NULL, key) != 1)
        *why = "libcrypto could not set up the verification";
    else if (EVP_DigestVerify(ctx, s->sig, s->sig_len, s->msg, s->msg_len) != 1)
        *why = "OpenSSL does not accept the signature";
    else
        rc = 0;
    EVP_MD_CTX_free(ctx);
    EVP_PKEY_free(key);
    return rc;
}

int cpr_sig_verify(const cpr_sig *s, const char **why)
{
    *why = NULL;
    if (!s->scheme || !s->key || !s->msg || !s->sig) {
        *why = "expected scheme, public key, message or digest, and signature";
        return -1;
    }
    if (strcmp(s->scheme, "ecdsa") == 0)
        return verify_digest(s, 1, 0, why);
    if (strcmp(s->scheme, "rsa-pkcs1-v1.5") == 0)
        return verify_digest(s, 0, 0, why);
    if (strcmp(s->scheme, "rsa-pss") == 0)
        return verify_digest(s, 0, 1, why);
    if (strcmp(s->scheme, "ed25519") == 0)
        return verify_eddsa(s, EVP_PKEY_ED25519, why);
    if (strcmp(s->scheme, "ed448") == 0)
        return verify_eddsa(s, EVP_PKEY_ED448, why);
    *why = "expected a scheme of ecdsa, rsa-pkcs1-v1.5, rsa-pss, ed25519, ed448";
    return -1;
}
