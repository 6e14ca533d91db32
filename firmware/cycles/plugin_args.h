/* The -plugin argument that runs an ELF image under the cycle model: the
 * window function's address, the code to leave out of windows (the
 * firmware's SysTick wrap handler) and the exception handlers of the
 * image's vector table, all read from the ELF itself (libelf). Shared by
 * the runner and cryptoperf-cycles, so a sweep and a foreign program are
 * timed the same way. */
#ifndef CPC_PLUGIN_ARGS_H
#define CPC_PLUGIN_ARGS_H

#include <stddef.h>

#include "machines.h"

/* The plugin's file name, in build/cycles/ and in the installed pkglibdir. */
#define CPC_PLUGIN_FILE "cpcycles.so"

typedef enum {
    CPC_ARGS_OK = 0,
    CPC_ARGS_UNREADABLE,    /* the file cannot be read */
    CPC_ARGS_NOT_ARM,       /* not an ELF32 little-endian image for Arm */
    CPC_ARGS_NO_WINDOW,     /* the window function is not defined in it */
    CPC_ARGS_NO_EXCLUDE,    /* a function to exclude is not defined in it */
    CPC_ARGS_NOT_MODELLED,  /* the machine's core has no model */
} cpc_args_status;

typedef struct {
    const char *plugin;          /* the plugin's path */
    const cpc_machine *machine;
    const char *elf;             /* the image */
    const char *window;          /* the window function's name */
    const char *const *exclude;  /* functions whose instructions and cycles count in no window */
    size_t nexclude;
    int out_fd;                  /* where the plugin writes its window lines */
} cpc_args_request;

/* On CPC_ARGS_OK, *arg is the text after -plugin (allocated); otherwise
 * *why says what is wrong (static or in why_buf of why_len bytes). */
cpc_args_status cpc_plugin_args(const cpc_args_request *rq, char **arg, char *why_buf, size_t why_len);

#endif
