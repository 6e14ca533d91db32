/* Known answers of the Edwards and Montgomery curve cases, computed on the
 * host with OpenSSL by firmware/vectors/mkvectors_edwards.c into
 * build/fw/vectors/vectors_edwards.c. Keys are fixed pseudo-random bytes
 * (X25519/X448 scalars clamped as RFC 7748 does); the EdDSA message is the
 * 1023 bytes of the ST EdDSA table (and of RFC 8032's longest Ed25519 test). */
#ifndef CP_VECTORS_EDWARDS_H
#define CP_VECTORS_EDWARDS_H
#include <stdint.h>
#include "ops_edwards.h"

#define CP_VEC_ED_MSG_LEN 1023

extern const uint8_t cp_vec_ed_msg[CP_VEC_ED_MSG_LEN];
extern const uint8_t cp_vec_ed25519_priv[CP_ED25519_KEY], cp_vec_ed25519_pub[CP_ED25519_KEY],
    cp_vec_ed25519_sig[CP_ED25519_SIG];
extern const uint8_t cp_vec_ed448_priv[CP_ED448_KEY], cp_vec_ed448_pub[CP_ED448_KEY],
    cp_vec_ed448_sig[CP_ED448_SIG];
/* Our scalar, its public key, the peer's public key, the shared secret. */
extern const uint8_t cp_vec_x25519_priv[CP_X25519_KEY], cp_vec_x25519_pub[CP_X25519_KEY],
    cp_vec_x25519_peer[CP_X25519_KEY], cp_vec_x25519_secret[CP_X25519_KEY];
extern const uint8_t cp_vec_x448_priv[CP_X448_KEY], cp_vec_x448_pub[CP_X448_KEY],
    cp_vec_x448_peer[CP_X448_KEY], cp_vec_x448_secret[CP_X448_KEY];
#endif
