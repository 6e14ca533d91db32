/* Footnotes from the notes source (table_notes.h). */
#include "page/table_notes.h"

#include <string.h>

#include "data/notes.h"

void cp_table_cell_notes(cp_table *t, size_t row, size_t col, const cp_result *r, const cp_notes *ns, cp_field count,
                         int companion)
{
    for (size_t k = 0; r && ns && k < ns->n; k++) {
        const cp_note *n = &ns->notes[k];
        /* a note about instructions is not a note on estimated cycles:
         * the figures it quotes are in the companion table */
        int here = n->counts ? strcmp(n->counts, cp_count_name(count)) == 0 : !companion;
        if (here && cp_note_matches(n, r))
            cp_table_mark_note(t, row, col, n->text);
    }
}
