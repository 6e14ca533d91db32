/* Where the schema and the templates are when no option names them. A
 * checkout keeps working from its top folder as it always did; an installed
 * cryptoperf (make install, the Debian package) finds its own copy under
 * <datadir>/cryptoperf from any folder. */
#ifndef CP_DATADIR_H
#define CP_DATADIR_H

#define CP_SCHEMA_REL "schema/dataset.schema.json"
#define CP_TEMPLATES_REL "templates"

/* rel (CP_SCHEMA_REL or CP_TEMPLATES_REL) found, in this order:
 *   $CRYPTOPERF_DATADIR/rel when that variable is set (and nothing else);
 *   rel in the current folder, when it exists there (a checkout);
 *   <folder of the running program>/<bindir -> pkgdatadir>/rel, when it
 *   exists (an installed tree, also under a DESTDIR or moved elsewhere);
 *   <pkgdatadir>/rel as compiled in (make PREFIX=...), which the error names
 *   when nothing is there.
 * The result is valid until the program ends. */
const char *cp_data_path(const char *rel);

/* The schema a program validates against: its --schema option when given,
 * else $CRYPTOPERF_SCHEMA, else cp_data_path(CP_SCHEMA_REL): the one in the
 * current folder (the top of a checkout), else the installed one. */
const char *cp_schema_path(const char *option);
/* The templates a program renders with: its --templates option when
 * given, else cp_data_path(CP_TEMPLATES_REL). */
const char *cp_templates_path(const char *option);

#endif
