/* How one run of the library ended (a site build, an import, the loading
 * of a diff's two datasets): the command's exit status says the same
 * (gen/cli/commands.h, CP_EXIT_*: one value each). */
#ifndef CP_STATUS_H
#define CP_STATUS_H

typedef enum {
    CP_OK = 0,
    CP_INVALID = 1,   /* invalid data, every problem reported: nothing written */
    CP_FAILED = 2,    /* a file, a template or the schema that cannot be used: nothing written */
} cp_status;

#endif
