/* Uniform operations of the Edwards and Montgomery curve families (EdDSA
 * Ed25519/Ed448, X25519/X448 key agreement), for ports whose library has
 * them. Keys and points are the raw RFC 8032 / RFC 7748 byte strings. One
 * function per operation, as in ops.h; all return 0 on success. */
#ifndef CP_OPS_EDWARDS_H
#define CP_OPS_EDWARDS_H
#include <stddef.h>
#include <stdint.h>

/* Sizes of keys and signatures (RFC 8032, RFC 7748). */
#define CP_ED25519_KEY 32
#define CP_ED25519_SIG 64
#define CP_ED448_KEY 57
#define CP_ED448_SIG 114
#define CP_X25519_KEY 32
#define CP_X448_KEY 56

/* EdDSA: the port keeps one key per curve, set untimed (import and any
 * check the import does belong to set-up, as for ECDSA's slots): the key
 * pair (priv, pub), or pub alone for verification (priv NULL). Signing and
 * verification use the kept key; *valid is 1 when the signature is valid,
 * 0 when it is not (return value 0 either way). */
int cp_ed25519_set_key(const uint8_t *priv, const uint8_t *pub);
int cp_ed25519_sign(const uint8_t *msg, size_t len, uint8_t *sig);
int cp_ed25519_verify(const uint8_t *msg, size_t len, const uint8_t *sig, int *valid);
int cp_ed448_set_key(const uint8_t *priv, const uint8_t *pub);
int cp_ed448_sign(const uint8_t *msg, size_t len, uint8_t *sig);
int cp_ed448_verify(const uint8_t *msg, size_t len, const uint8_t *sig, int *valid);

/* X25519/X448: the port keeps one (clamped) private scalar per curve, set
 * untimed; the public key derived from it, and the shared secret with a
 * peer's public value, whose import is part of the timed call (what a
 * receiver does, as for the Weierstrass curves' cp_ecdh_shared). */
int cp_x25519_set_private(const uint8_t *priv);
int cp_x25519_public(uint8_t *pub);
int cp_x25519_shared(const uint8_t *peer, uint8_t *secret);
int cp_x448_set_private(const uint8_t *priv);
int cp_x448_public(uint8_t *pub);
int cp_x448_shared(const uint8_t *peer, uint8_t *secret);

#endif
