/* What the subcommands share: the usage-error message, the exit status of
 * a library run. */
#include <stdarg.h>
#include <stdio.h>

#include "commands.h"

int cp_usage_error(const char *command, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "cryptoperf %s: ", command);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n(try cryptoperf help %s)\n", command);
    va_end(ap);
    return CP_EXIT_USAGE;
}

int cp_exit_status(cp_status s)
{
    switch (s) {
    case CP_OK:
        return CP_EXIT_OK;
    case CP_INVALID:
        return CP_EXIT_INVALID;
    case CP_FAILED:
        break;
    }
    return CP_EXIT_USAGE;
}
