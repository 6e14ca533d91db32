/* The subcommands of cryptoperf. Each lives in cmd_<name>.c and returns the
 * process exit status: 0 ok, 1 invalid data, 2 usage or I/O error, 3 the
 * wiki refused or could not be reached (publish), 4 a diff has a mark its
 * --fail-on names (a CI job tells a regression from a broken input by
 * it). One value, one meaning, whatever the command. */
#ifndef CP_COMMANDS_H
#define CP_COMMANDS_H

#include "base/status.h"

/* The release, as debian/changelog names it (tests/cli/version.t checks
 * that they agree): `cryptoperf --version`, `cryptoperf COMMAND
 * --version`. */
#define CP_VERSION "0.1"

enum { CP_EXIT_OK = 0, CP_EXIT_INVALID = 1, CP_EXIT_USAGE = 2, CP_EXIT_REMOTE = 3, CP_EXIT_FAIL_ON = 4 };

/* The exit status of a library run that ended so (base/status.h). */
int cp_exit_status(cp_status s);

typedef struct {
    const char *name;
    const char *summary;   /* one line for --help */
    const char *usage;     /* full text for `cryptoperf help <name>` */
    int (*run)(int argc, char **argv);   /* argv[0] is the command name */
} cp_command;

/* Reports a usage problem of `cryptoperf command` with a pointer to its
 * help on stderr; returns CP_EXIT_USAGE. */
int cp_usage_error(const char *command, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

extern const cp_command cp_cmd_validate;
extern const cp_command cp_cmd_import;
extern const cp_command cp_cmd_render;
extern const cp_command cp_cmd_diff;
extern const cp_command cp_cmd_publish;

#endif
