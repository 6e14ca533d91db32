/* The dataset header of a collected set: what the firmware said about its
 * run (board, library, toolchain, counter), what the host knows (QEMU
 * version, git revision of the firmware) and the board naming the firmware
 * does not print. */
#ifndef CPR_HEADER_H
#define CPR_HEADER_H

#include "collect.h"
#include "dsout.h"

typedef struct {
    const char *qemu_version_line;   /* `qemu-system-arm --version`, first line */
    const char *cc_version_line;     /* `arm-none-eabi-gcc --version`, first line */
    const char *revision;            /* firmware_revision */
    const char *mcu, *mcu_short, *board_name;   /* NULL: derived from the board slug */
    int on_board;                    /* run on silicon (serial lane with OpenOCD): no emulator */
} cpr_host_facts;

/* Fills h from s; strings h points to that are not borrowed from s or facts
 * are kept in *owned (free with cpr_header_release). Returns 0, or -1 after
 * reporting to err what the set lacks. */
int cpr_header_build(cpr_header *h, char ***owned, const cpr_set *s, const cpr_host_facts *facts, FILE *err);
void cpr_header_release(cpr_header *h, char **owned);

/* First line of what argv prints on stdout (no shell); NULL when it cannot
 * run or fails. */
char *cpr_command_first_line(char *const argv[]);
/* Hex digits of a commit hash in a firmware revision. */
#define CPR_REVISION_HEX 12
/* The first CPR_REVISION_HEX hex digits of the last commit of top that
 * changed the firmware (firmware/, crypto/, mk/firmware.mk, mk/fw-*.mk; not
 * the runner, not the *.md files), with "-dirty" when those have
 * uncommitted changes; NULL outside a git tree. */
char *cpr_git_revision(const char *top);

#endif
