/* Data text (firmware output, manifest cells) in a message, through
 * cp_buf_put_quoted: quoted, control characters escaped, long values cut. */
#ifndef CPR_QUOTE_H
#define CPR_QUOTE_H

/* The quoted form of s ("nothing" for NULL), in one of eight rotating
 * buffers: valid until the eighth call after, enough for one message. */
const char *cpr_q(const char *s);

#endif
