/* The LAVA job definition of one image (firmware/runner/README.md, "LAVA").
 * An emulated board runs on device type qemu: the job context carries the
 * machine and the QEMU options beyond those our device dictionary fixes
 * (firmware/runner/lava/cryptoperf-qemu.jinja2), so QEMU gets exactly the direct
 * runner's argv. A real board runs on its own device type (its board slug),
 * flashed by the device type's OpenOCD boot method. Either way a monitor
 * reads the console from the run header to the end line. */
#ifndef CPR_LAVAJOB_H
#define CPR_LAVAJOB_H

#include <stddef.h>

#include "cryptoperf.h"

typedef struct {
    const char *comment;        /* first line of the file: what it runs */
    const char *job_name;
    const char *device_type;    /* "qemu", or a board's device type */
    const char *image_url;      /* where the worker fetches the ELF image */
    const char *machine;        /* QEMU -M value; NULL for a real board */
    const char *const *extra;   /* QEMU options beyond the device dictionary's ("-icount shift=7") */
    size_t nextra;
    const char *const *tags;    /* device tags the job asks for */
    size_t ntags;
    unsigned timeout_s;         /* the image's own limit, given to the test action */
} cpr_lava_job;

/* Appends the job definition (YAML) to b. */
void cpr_lava_job_text(cp_buf *b, const cpr_lava_job *j);

#endif
