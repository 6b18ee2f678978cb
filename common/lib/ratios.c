/* ratios.c - see ratios.h. */
#include "ratios.h"

#include "cli.h"
#include "exit_codes.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A tab or newline inside a field would make a malformed row: a bug of the
 * caller, reported as such rather than written. */
static void require_field(const char *text, const char *what)
{
    if (text == NULL || text[0] == '\0' || strpbrk(text, "\t\n") != NULL) {
        fprintf(stderr, "error: ratio %s '%s' is empty or holds a tab or newline\n", what, text ? text : "");
        exit(EXIT_MISMATCH);
    }
}

static void append_line(const char *path, const char *name, const char *fields)
{
    FILE *f = fopen(path, "a");
    if (f == NULL) {
        fprintf(stderr, "error: writing %s: %s\n", path, strerror(errno));
        exit(EXIT_MISMATCH);
    }
    fprintf(f, "%s\t%s\n", name, fields);
    cli_close_output(f, path); /* a failed write: "error: writing PATH", exit 1 */
}

void ratios_append(const char *path, const char *name, double ours_us, double rival_us, const char *description)
{
    if (path == NULL)
        return;
    require_field(name, "name");
    require_field(description, "description");
    if (!(ours_us > 0.0) || !(rival_us > 0.0)) {
        fprintf(stderr, "error: ratio %s: times must be positive (ours %g us, rival %g us)\n", name, ours_us, rival_us);
        exit(EXIT_MISMATCH);
    }
    char fields[1024];
    snprintf(fields, sizeof fields, "%.4f\t%.3f\t%.3f\t%s", rival_us / ours_us, ours_us, rival_us, description);
    append_line(path, name, fields);
}

void ratios_append_skipped(const char *path, const char *name, const char *why)
{
    if (path == NULL)
        return;
    require_field(name, "name");
    require_field(why, "reason");
    char fields[1024];
    snprintf(fields, sizeof fields, "skipped\t-\t-\t%s", why);
    append_line(path, name, fields);
}
