/* cli.c - strict command-line parsing and checked output; see cli.h for
 * the contract. */
#include "cli.h"
#include "exit_codes.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* --- numbers, as written ---------------------------------------------------- */

static int all_in(const char *text, const char *digits)
{
    return *text != '\0' && text[strspn(text, digits)] == '\0';
}

/* strtoull alone would read " -1" as 2^64 - 1 (it skips white space and
 * negates) and "010" as octal 8, so the forms are told apart first and
 * strtoull only ever sees bare digits in a known base. */
int cli_parse_u64(const char *text, uint64_t min, uint64_t max, uint64_t *out)
{
    static const char decimal[] = "0123456789", hex[] = "0123456789abcdefABCDEF";
    if (text == NULL)
        return -1;
    uint64_t value;
    errno = 0;
    if (text[0] == '2' && text[1] == '^') { /* 2^k: k decimal */
        if (!all_in(text + 2, decimal))
            return -1;
        const unsigned long long k = strtoull(text + 2, NULL, 10);
        if (errno != 0 || k > 63)
            return -1;
        value = (uint64_t)1 << k;
    } else if (text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
        if (!all_in(text + 2, hex))
            return -1;
        value = (uint64_t)strtoull(text + 2, NULL, 16);
    } else {
        if (!all_in(text, decimal))
            return -1;
        value = (uint64_t)strtoull(text, NULL, 10);
    }
    if (errno != 0 || value < min || value > max)
        return -1;
    *out = value;
    return 0;
}

int cli_parse_double(const char *text, double *out)
{
    /* strtod skips leading white space; a value must start as a number */
    if (text == NULL || strchr("0123456789+-.", text[0]) == NULL || text[0] == '\0')
        return -1;
    char *end = NULL;
    errno = 0;
    double v = strtod(text, &end);
    if (errno != 0 || end == text || *end != '\0' || !isfinite(v))
        return -1;
    *out = v;
    return 0;
}

/* --- checked output ------------------------------------------------------------
 * A write that fails (a full disk, a closed pipe, /dev/full) only sets the
 * stream's error flag, and a buffered stream may not even try to write
 * before exit. So every stream is flushed and checked once at the end: the
 * files of cli_open_output by cli_close_output (or at exit, if the program
 * left them open), stdout by a handler that cli_parse registers. */

#define CLI_MAX_OUTPUTS 8
static struct {
    FILE *file;
    const char *path;
} open_outputs[CLI_MAX_OUTPUTS];

/* Flushes f and checks its error flag; closes it too unless it is stdout
 * (which later exit handlers may still print to). Returns NULL, or why the
 * output is incomplete. */
static const char *finish_stream(FILE *f)
{
    const int failed_before = ferror(f);
    errno = 0;
    if (fflush(f) != 0)
        return strerror(errno);
    if (failed_before) /* the failed write's errno is long gone */
        return "an earlier write failed";
    if (f != stdout && fclose(f) != 0)
        return strerror(errno);
    return NULL;
}

static _Noreturn void fail_writing(const char *what, const char *reason)
{
    fprintf(stderr, "error: writing %s: %s\n", what, reason);
    /* _exit: this may run inside exit(), which must not be called again */
    _exit(EXIT_MISMATCH);
}

void cli_close_output(FILE *f, const char *what)
{
    if (f == NULL)
        return;
    for (int i = 0; i < CLI_MAX_OUTPUTS; i++)
        if (open_outputs[i].file == f)
            open_outputs[i].file = NULL;
    const char *reason = finish_stream(f);
    if (reason != NULL)
        fail_writing(what, reason);
}

FILE *cli_open_output(const char *path)
{
    if (path == NULL)
        return NULL;
    FILE *f = fopen(path, "w");
    if (f == NULL) {
        fprintf(stderr, "error: cannot write '%s': %s\n", path, strerror(errno));
        exit(EXIT_BAD_INPUT);
    }
    for (int i = 0; i < CLI_MAX_OUTPUTS; i++)
        if (open_outputs[i].file == NULL) {
            open_outputs[i].file = f;
            open_outputs[i].path = path;
            break;
        }
    return f;
}

/* Registered by cli_parse: runs at every exit() and return from main. */
static void check_outputs_at_exit(void)
{
    for (int i = 0; i < CLI_MAX_OUTPUTS; i++)
        if (open_outputs[i].file != NULL)
            cli_close_output(open_outputs[i].file, open_outputs[i].path);
    const char *reason = finish_stream(stdout);
    if (reason != NULL)
        fail_writing("stdout", reason);
}

/* --- the options table ------------------------------------------------------------ */

static int choice_matches(const char *choices, const char *word)
{
    size_t len = strlen(word);
    const char *p = choices;
    while (*p) {
        const char *bar = strchr(p, '|');
        size_t n = bar ? (size_t)(bar - p) : strlen(p);
        if (n == len && strncmp(p, word, n) == 0)
            return 1;
        if (!bar)
            break;
        p = bar + 1;
    }
    return 0;
}

#define HELP_COLUMN 24

/* The word --help shows after an option's name: what kind of value it takes. */
static const char *placeholder(const cli_option *o)
{
    switch (o->kind) {
    case CLI_FLAG: return "";
    case CLI_U64: return "N";
    case CLI_DOUBLE: return "X";
    case CLI_CHOICE: /* the words themselves, when they fit */
        return strlen(o->name) + 1 + strlen(o->choices) <= HELP_COLUMN ? o->choices : "WORD";
    case CLI_STRING: return o->choices != NULL ? o->choices : "FILE";
    }
    return "";
}

static void print_help(const char *program, const char *summary, const cli_option *options, size_t count)
{
    printf("usage: %s [options]\n%s\n\noptions:\n", program, summary);
    for (size_t i = 0; i < count; i++) {
        const cli_option *o = &options[i];
        const char *arg = placeholder(o);
        char left[128];
        snprintf(left, sizeof left, "%s%s%s", o->name, *arg ? " " : "", arg);
        printf("  %-*s %s", HELP_COLUMN, left, o->help);
        if (o->kind == CLI_CHOICE && strcmp(arg, "WORD") == 0)
            printf("; WORD: %s", o->choices);
        printf("\n");
    }
    printf("  %-*s %s\n", HELP_COLUMN, "--help", "print this help and exit");
    printf("\nnumbers: decimal (leading zeros allowed), hex with 0x, or 2^k; each option at most once\n"
           "exit codes: 0 confirmed, 1 mismatch or write error, 2 bad input, 77 no CUDA device\n");
}

static _Noreturn void fail_value(const cli_option *o, const char *value)
{
    switch (o->kind) {
    case CLI_U64:
        fprintf(stderr, "error: %s expects an integer in [%" PRIu64 ", %" PRIu64 "], got '%s'\n", o->name, o->min,
                o->max, value);
        break;
    case CLI_DOUBLE: fprintf(stderr, "error: %s expects a finite number, got '%s'\n", o->name, value); break;
    case CLI_CHOICE: fprintf(stderr, "error: %s expects one of %s, got '%s'\n", o->name, o->choices, value); break;
    default: fprintf(stderr, "error: %s expects a value, got '%s'\n", o->name, value); break;
    }
    exit(EXIT_BAD_INPUT);
}

static void store_value(const cli_option *o, const char *value)
{
    switch (o->kind) {
    case CLI_FLAG: *(int *)o->target = 1; return;
    case CLI_U64:
        if (cli_parse_u64(value, o->min, o->max, (uint64_t *)o->target) != 0)
            fail_value(o, value);
        return;
    case CLI_DOUBLE:
        if (cli_parse_double(value, (double *)o->target) != 0)
            fail_value(o, value);
        return;
    case CLI_CHOICE:
        if (!choice_matches(o->choices, value))
            fail_value(o, value);
        *(const char **)o->target = value;
        return;
    case CLI_STRING:
        if (*value == '\0')
            fail_value(o, value);
        *(const char **)o->target = value;
        return;
    }
}

/* The table entry that arg ("--n" or "--n=5") names, or NULL. */
static size_t find_option(const char *arg, const cli_option *options, size_t count)
{
    const char *eq = strchr(arg, '=');
    const size_t name_len = eq ? (size_t)(eq - arg) : strlen(arg);
    for (size_t k = 0; k < count; k++)
        if (strlen(options[k].name) == name_len && strncmp(options[k].name, arg, name_len) == 0)
            return k;
    return count;
}

/* The names of the options the last cli_parse found (string literals of
 * the caller's table), for cli_given. */
static const char *given_names[CLI_MAX_OPTIONS];
static size_t given_count;

int cli_given(const char *name)
{
    for (size_t k = 0; k < given_count; k++)
        if (strcmp(given_names[k], name) == 0)
            return 1;
    return 0;
}

void cli_parse(int argc, char **argv, const char *summary, const cli_option *options, size_t count)
{
    static int registered = 0;
    if (!registered && atexit(check_outputs_at_exit) == 0)
        registered = 1;
    /* Two values for one option are a mistake more often than an override
     * (a script appends --n to a command that has one), so both are refused. */
    unsigned char seen[CLI_MAX_OPTIONS] = { 0 };
    given_count = 0;
    if (count > CLI_MAX_OPTIONS) {
        fprintf(stderr, "error: %zu options, cli_parse takes at most %d\n", count, CLI_MAX_OPTIONS);
        exit(EXIT_BAD_INPUT);
    }
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            print_help(argv[0], summary, options, count);
            exit(EXIT_PASS);
        }
        const size_t k = find_option(arg, options, count);
        if (k == count) {
            fprintf(stderr, "error: unknown option '%s' (try --help)\n", arg);
            exit(EXIT_BAD_INPUT);
        }
        const cli_option *match = &options[k];
        if (seen[k]) {
            fprintf(stderr, "error: %s given twice\n", match->name);
            exit(EXIT_BAD_INPUT);
        }
        seen[k] = 1;
        given_names[given_count++] = match->name;
        const char *eq = strchr(arg, '=');
        if (match->kind == CLI_FLAG) {
            if (eq) {
                fprintf(stderr, "error: %s takes no value, got '%s'\n", match->name, eq + 1);
                exit(EXIT_BAD_INPUT);
            }
            store_value(match, NULL);
            continue;
        }
        const char *value = eq ? eq + 1 : (i + 1 < argc ? argv[++i] : NULL);
        if (value == NULL) {
            fprintf(stderr, "error: %s expects a value\n", match->name);
            exit(EXIT_BAD_INPUT);
        }
        store_value(match, value);
    }
}

void cli_command_line(int argc, char **argv, char *buf, size_t size)
{
    size_t used = 0;
    if (size == 0)
        return;
    buf[0] = '\0';
    for (int i = 0; i < argc && used + 1 < size; i++) {
        const int wrote = snprintf(buf + used, size - used, "%s%s", i ? " " : "", argv[i]);
        if (wrote < 0)
            break;
        used += (size_t)wrote < size - used ? (size_t)wrote : size - used - 1;
    }
}

_Noreturn void cli_refuse(const char *format, ...)
{
    va_list args;
    va_start(args, format);
    fputs("error: ", stderr);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
    va_end(args);
    exit(EXIT_BAD_INPUT);
}
