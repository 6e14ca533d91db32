/* Page sets (pageset.h: index.wiki and its chart SVGs) pushed to a
 * MediaWiki through its action API (mwapi.h): what `cryptoperf publish`
 * does. Charts go first, so a saved page never points at a missing image;
 * a page or chart whose content is already on the wiki is not touched, so
 * publishing the same sets twice makes no new revision. Each edit and
 * upload is atomic on the wiki side; when one fails, publishing stops and
 * the report names what was done and what was not. */
#ifndef CP_PUBLISH_H
#define CP_PUBLISH_H

#include <stddef.h>

#include "publish/mwapi.h"
#include "publish/pageset.h"

/* Publishes sets through s (logged in), each page titled prefix + its
 * name; what it does goes to stdout a line each, then a summary. 0, or -1
 * after saying on stderr (who naming the program) where it stopped and
 * what is and is not on the wiki. */
int cp_publish(mw_session *s, const cp_page_set *sets, size_t nsets, const char *prefix, const char *who);

#endif
