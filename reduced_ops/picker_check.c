/* picker_check.c - does use_warp_per_output() agree with every measured
 * cell of a sweep table? Reads the TSV that reduced_ops_sweep --tsv writes
 * (columns found by their header names: op, dtype, n_out, k_contract,
 * block, pick) and compares the picker's answer with each cell's pick.
 * --n N checks only the cells with N outputs (column n_out). Nothing here
 * is random (the table is the input), so --seed, which every program of the
 * companion takes, is refused with that reason instead of being ignored. */
#include "common.h"
#include "picker.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_FIELDS 32
#define LINE_MAX_LEN 4096

/* Splits line at tabs in place; returns the number of fields. */
static int split_tabs(char *line, char *field[MAX_FIELDS])
{
    int n = 0;
    line[strcspn(line, "\r\n")] = '\0';
    char *p = line;
    while (n < MAX_FIELDS) {
        field[n++] = p;
        char *tab = strchr(p, '\t');
        if (!tab)
            break;
        *tab = '\0';
        p = tab + 1;
    }
    return n;
}

static int column(char *header[], int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (strcmp(header[i], name) == 0)
            return i;
    return -1;
}

static _Noreturn void malformed(const char *path, int line_no, const char *what)
{
    fprintf(stderr, "error: %s:%d: %s\n", path, line_no, what);
    exit(EXIT_BAD_INPUT);
}

typedef struct {
    int op, dtype, out, k, block, pick;
} table_columns;

/* The first real line of the table names its columns. */
static table_columns read_header(char *line, const char *path, int line_no, char *header[], int *n_header)
{
    table_columns c;
    *n_header = split_tabs(line, header);
    c.op = column(header, *n_header, "op");
    c.dtype = column(header, *n_header, "dtype");
    c.out = column(header, *n_header, "n_out");
    c.k = column(header, *n_header, "k_contract");
    c.block = column(header, *n_header, "block");
    c.pick = column(header, *n_header, "pick");
    if (c.dtype < 0 || c.out < 0 || c.k < 0 || c.block < 0 || c.pick < 0)
        malformed(path, line_no, "header lacks one of dtype, n_out, k_contract, block, pick");
    return c;
}

/* One cell of the table: *measured is 1 when the cell picked warp per
 * output; returns what the picker says for it. */
static int read_cell(char *field[], table_columns c, op_kind op, const char *path, int line_no, int *measured,
                     char *what, size_t what_size)
{
    uint64_t n_out, k, block;
    if (cli_parse_u64(field[c.out], 1, 1u << 30, &n_out) != 0 || cli_parse_u64(field[c.k], 1, 1u << 30, &k) != 0 ||
        cli_parse_u64(field[c.block], 1, 1024, &block) != 0)
        malformed(path, line_no, "n_out, k_contract or block is not a positive integer");
    op_dtype dtype;
    if (strcmp(field[c.dtype], "float") == 0)
        dtype = DTYPE_FLOAT;
    else if (strcmp(field[c.dtype], "double") == 0)
        dtype = DTYPE_DOUBLE;
    else
        malformed(path, line_no, "dtype must be float or double");
    if (strcmp(field[c.pick], "warp") == 0)
        *measured = 1;
    else if (strcmp(field[c.pick], "serial") == 0)
        *measured = 0;
    else
        malformed(path, line_no, "pick must be warp or serial");
    snprintf(what, what_size, "%s n_out=%d k=%d block=%d", field[c.dtype], (int)n_out, (int)k, (int)block);
    return use_warp_per_output(op, (int)n_out, (int)k, (int)block, dtype);
}

int main(int argc, char **argv)
{
    const char *path = "reduced_ops/results/sweep_h200.tsv", *op_text = "gemm";
    uint64_t outputs = 0; /* 0: --n not given, every cell */
    int quiet = 0;
    const char *seed_text = NULL;
    const cli_option options[] = {
        { "--tsv", CLI_STRING, &path, "sweep table to check (default reduced_ops/results/sweep_h200.tsv)", 0, 0, NULL },
        { "--op", CLI_CHOICE, &op_text, "which op's cells to check (default gemm)", 0, 0, "gemm|gemv|syrk" },
        { "--n", CLI_U64, &outputs, "check only the cells with N outputs (default every cell)", 1, 1u << 30, NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the verdict", 0, 0, NULL },
        { "--seed", CLI_STRING, &seed_text, "refused: nothing is random here, the table is the input", 0, 0, "N" },
    };
    cli_parse(argc, argv, "Checks use_warp_per_output() against every cell of a measured sweep table (TSV).", options,
              sizeof options / sizeof options[0]);
    if (seed_text != NULL) {
        cli_refuse("--seed: picker_check has no random input (it judges the table --tsv names)");
    }
    const op_kind op = (op_kind)op_from_name(op_text);
    FILE *f = fopen(path, "r");
    if (!f) {
        cli_refuse("cannot open sweep table '%s'", path);
    }
    char line[LINE_MAX_LEN], header_line[LINE_MAX_LEN];
    char *header[MAX_FIELDS], *field[MAX_FIELDS];
    int n_header = 0, line_no = 0;
    table_columns c = { -1, -1, -1, -1, -1, -1 };
    int cells = 0, agree = 0, measured_warp = 0;
    if (!quiet) {
        char only[48] = "";
        if (outputs != 0)
            snprintf(only, sizeof only, ", the cells with %" PRIu64 " outputs", outputs);
        printf("picker: %s\ntable:  %s (op %s%s)\n\n", picker_basis(), path, op_text, only);
    }
    while (fgets(line, sizeof line, f)) {
        line_no++;
        if (strchr(line, '\n') == NULL && !feof(f))
            malformed(path, line_no, "line too long");
        if (line[0] == '#' || line[strspn(line, " \t\r\n")] == '\0')
            continue;
        if (n_header == 0) {
            snprintf(header_line, sizeof header_line, "%s", line);
            c = read_header(header_line, path, line_no, header, &n_header);
            continue;
        }
        if (split_tabs(line, field) != n_header)
            malformed(path, line_no, "wrong number of columns");
        if (c.op >= 0 && strcmp(field[c.op], op_text) != 0)
            continue;
        int measured;
        char what[96];
        const int picked = read_cell(field, c, op, path, line_no, &measured, what, sizeof what);
        uint64_t cell_outputs = 0; /* a number read_cell has checked */
        if (outputs != 0 && (cli_parse_u64(field[c.out], 1, 1u << 30, &cell_outputs) != 0 || cell_outputs != outputs))
            continue;
        cells++;
        measured_warp += measured;
        if (picked == measured)
            agree++;
        else
            printf("disagrees: line %d: %s: measured %s, picker says %s\n", line_no, what, measured ? "warp" : "serial",
                   picked ? "warp" : "serial");
    }
    if (ferror(f)) { /* a directory opens, but reading it fails (EISDIR) */
        cli_refuse("cannot read sweep table '%s': %s", path, strerror(errno));
    }
    fclose(f);
    if (cells == 0 && outputs != 0) {
        cli_refuse("%s holds no %s cells with %" PRIu64 " outputs", path, op_text, outputs);
    }
    if (cells == 0) {
        cli_refuse("%s holds no %s cells", path, op_text);
    }
    if (!quiet)
        printf("%d cells, %d of them pick warp per output; the picker agrees with %d\n", cells, measured_warp, agree);
    return exit_status(verdict("the picker agrees with every measured cell", agree == cells));
}
