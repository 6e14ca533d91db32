/* What the subcommands share: the usage-error message, and the schema and
 * templates a command uses when none is named. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "commands.h"
#include "datadir.h"

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

const char *cp_schema_path(const char *option)
{
    if (option)
        return option;
    const char *env = getenv("CRYPTOPERF_SCHEMA");
    return env && *env ? env : cp_data_path(CP_SCHEMA_REL);
}

const char *cp_templates_path(const char *option)
{
    return option ? option : cp_data_path(CP_TEMPLATES_REL);
}
