/* Invisible format characters in a dataset (base/text_clean.h,
 * cp_text_invisible_len): "Small\u200b" would be a second row that reads
 * "Small". Refused, not cleaned: the data is what the pages show. */
#ifndef CP_INVISIBLE_H
#define CP_INVISIBLE_H

#include "data/diag.h"
#include "data/node.h"

/* Reports the first such character of each key and value under n, by
 * code point and name, at the value. */
void cp_check_invisible(const cp_node *n, cp_diag *diag);

#endif
