/* cli.c - strict command-line parsing; see cli.h for the contract. */
#include "cli.h"
#include "exit_codes.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cli_parse_u64(const char *text, uint64_t min, uint64_t max, uint64_t *out)
{
    if (text == NULL || *text == '\0' || *text == '-' || *text == '+')
        return -1; /* strtoull would silently accept "-1" as a huge number */
    uint64_t value;
    char *end = NULL;
    errno = 0;
    if (text[0] == '2' && text[1] == '^') { /* 2^k shorthand */
        unsigned long long k = strtoull(text + 2, &end, 10);
        if (errno != 0 || end == text + 2 || *end != '\0' || k > 63)
            return -1;
        value = (uint64_t)1 << k;
    } else {
        unsigned long long v = strtoull(text, &end, 0);
        if (errno != 0 || end == text || *end != '\0')
            return -1;
        value = (uint64_t)v;
    }
    if (value < min || value > max)
        return -1;
    *out = value;
    return 0;
}

int cli_parse_double(const char *text, double *out)
{
    if (text == NULL || *text == '\0')
        return -1;
    char *end = NULL;
    errno = 0;
    double v = strtod(text, &end);
    if (errno != 0 || end == text || *end != '\0' || !isfinite(v))
        return -1;
    *out = v;
    return 0;
}

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

static void print_help(const char *program, const char *summary,
                       const cli_option *options, size_t count)
{
    printf("usage: %s [options]\n%s\n\noptions:\n", program, summary);
    for (size_t i = 0; i < count; i++) {
        const cli_option *o = &options[i];
        const char *arg = "";
        switch (o->kind) {
        case CLI_FLAG: arg = ""; break;
        case CLI_U64: arg = " N"; break;
        case CLI_DOUBLE: arg = " X"; break;
        case CLI_CHOICE: arg = " WORD"; break;
        case CLI_STRING: arg = " TEXT"; break;
        }
        char left[64];
        snprintf(left, sizeof left, "%s%s", o->name, arg);
        printf("  %-18s %s", left, o->help);
        if (o->kind == CLI_CHOICE)
            printf(" (%s)", o->choices);
        printf("\n");
    }
    printf("  %-18s %s\n", "--help", "print this help and exit");
    printf("\nexit codes: 0 confirmed, 1 mismatch, 2 bad input, 77 no CUDA device\n");
}

static void fail_value(const cli_option *o, const char *value)
{
    switch (o->kind) {
    case CLI_U64:
        fprintf(stderr, "error: %s expects an integer in [%" PRIu64 ", %" PRIu64 "], got '%s'\n",
                o->name, o->min, o->max, value);
        break;
    case CLI_DOUBLE:
        fprintf(stderr, "error: %s expects a finite number, got '%s'\n", o->name, value);
        break;
    case CLI_CHOICE:
        fprintf(stderr, "error: %s expects one of %s, got '%s'\n", o->name, o->choices, value);
        break;
    default:
        fprintf(stderr, "error: %s expects a value, got '%s'\n", o->name, value);
        break;
    }
    exit(EXIT_BAD_INPUT);
}

static void store_value(const cli_option *o, const char *value)
{
    switch (o->kind) {
    case CLI_FLAG:
        *(int *)o->target = 1;
        return;
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

void cli_parse(int argc, char **argv, const char *summary,
               const cli_option *options, size_t count)
{
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            print_help(argv[0], summary, options, count);
            exit(EXIT_PASS);
        }
        const char *eq = strchr(arg, '=');
        size_t name_len = eq ? (size_t)(eq - arg) : strlen(arg);
        const cli_option *match = NULL;
        for (size_t k = 0; k < count; k++) {
            if (strlen(options[k].name) == name_len &&
                strncmp(options[k].name, arg, name_len) == 0) {
                match = &options[k];
                break;
            }
        }
        if (match == NULL) {
            fprintf(stderr, "error: unknown option '%s' (try --help)\n", arg);
            exit(EXIT_BAD_INPUT);
        }
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

FILE *cli_open_output(const char *path)
{
    if (path == NULL)
        return NULL;
    FILE *f = fopen(path, "w");
    if (f == NULL) {
        fprintf(stderr, "error: cannot write '%s'\n", path);
        exit(EXIT_BAD_INPUT);
    }
    return f;
}
