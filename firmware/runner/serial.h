/* The serial lane: an image runs on a board (or an emulated one) whose
 * document arrives over a serial port instead of QEMU's semihosting
 * stdout. The port is opened raw (8N1, no echo, no line editing) before the
 * image starts, so nothing of it is missed; bytes before the document's
 * first line are what the port held from earlier and are dropped. On the
 * port, "error: ..." and "exit: N" lines are the firmware's stderr and exit
 * status (a board has no other channel); everything else is the document,
 * which ends with its end line (frame.h). A broken document (lost or
 * changed bytes) is run again, a bounded number of times. */
#ifndef CPR_SERIAL_H
#define CPR_SERIAL_H

#include <stddef.h>
#include <stdio.h>

#include "manifest.h"
#include "pool.h"

typedef enum {
    CPR_TARGET_OPENOCD,   /* flash and reset a board with OpenOCD, read its port */
    CPR_TARGET_QEMU_PTY,  /* start QEMU with the console USART on a pty, read that */
} cpr_target_kind;

typedef struct {
    cpr_target_kind kind;
    const char *port;          /* OPENOCD: the board's serial port (/dev/ttyACM0) */
    unsigned baud;             /* 115200 unless said otherwise */
    const char *openocd;       /* OPENOCD: the program (default openocd) */
    const char *openocd_cfg;   /* OPENOCD: its board script (board/st_nucleo_l5.cfg) */
    const char *qemu;          /* QEMU_PTY: the program (-M and -icount from the manifest) */
    unsigned serial_index;     /* QEMU_PTY: which -serial is the console (0: USART1) */
    unsigned silence_s;        /* a port that says nothing this long has failed */
    unsigned attempts;         /* runs of an image with a broken document, at most */
    FILE *progress;            /* NULL: quiet */
} cpr_serial_opts;

/* Runs jobs[i] (manifest line images[i], ELF file paths[i]) one after the
 * other on the target:
 * job->out gets the document, job->err the error lines, job->status the
 * exit status the firmware announced ("exit: N"; 0 when it ended with its
 * end line and said nothing else), or timed_out / spawn_errno as the
 * direct lane would set them; job->err also says why a run was retried.
 * Returns -1 when interrupted (SIGINT/SIGTERM), else 0. */
int cpr_serial_run(cpr_job *jobs, const cpr_image *const *images, const char *const *paths, size_t n,
                   const cpr_serial_opts *o);

/* Opens path as a raw serial port at baud; -1 with *why (allocated). */
int cpr_tty_open(const char *path, unsigned baud, char **why);

/* Reads one document from fd until its end line or an "exit:" line, or
 * until silence_s seconds without a byte or total_s seconds in all.
 * Returns 0 with out/err/status filled, 1 on a timeout (*why says which),
 * -1 on a read error. */
int cpr_tty_read_document(int fd, unsigned silence_s, unsigned total_s, cp_buf *out, cp_buf *err,
                          int *status, int *announced, char **why);

#endif
