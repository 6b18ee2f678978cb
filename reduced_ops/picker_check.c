/* picker_check.c - does use_warp_per_output() agree with every measured
 * cell of a sweep table? Reads the TSV that reduced_ops_sweep --tsv writes
 * (columns found by their header names: op, dtype, n_out, k_contract,
 * block, pick) and compares the picker's answer with each cell's pick. */
#include "common.h"
#include "picker.h"

#include <errno.h>
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

int main(int argc, char **argv)
{
    const char *path = "reduced_ops/results/sweep_h200.tsv", *op_text = "gemm";
    int quiet = 0;
    const cli_option options[] = {
        { "--tsv", CLI_STRING, &path, "sweep table to check (default reduced_ops/results/sweep_h200.tsv)", 0, 0, NULL },
        { "--op", CLI_CHOICE, &op_text, "which op's cells to check (default gemm)", 0, 0, "gemm|gemv|syrk" },
        { "--quiet", CLI_FLAG, &quiet, "print only the verdict", 0, 0, NULL },
    };
    cli_parse(argc, argv,
              "Checks use_warp_per_output() against every cell of a measured sweep table (TSV).",
              options, sizeof options / sizeof options[0]);
    const op_kind op = (op_kind)op_from_name(op_text);
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "error: cannot open sweep table '%s'\n", path);
        return EXIT_BAD_INPUT;
    }
    char line[LINE_MAX_LEN], header_line[LINE_MAX_LEN];
    char *header[MAX_FIELDS], *field[MAX_FIELDS];
    int n_header = 0, line_no = 0;
    int c_op = -1, c_dtype = -1, c_out = -1, c_k = -1, c_block = -1, c_pick = -1;
    int cells = 0, agree = 0, measured_warp = 0;
    if (!quiet)
        printf("picker: %s\ntable:  %s (op %s)\n\n", picker_basis(), path, op_text);
    while (fgets(line, sizeof line, f)) {
        line_no++;
        if (strchr(line, '\n') == NULL && !feof(f))
            malformed(path, line_no, "line too long");
        if (line[0] == '#' || line[strspn(line, " \t\r\n")] == '\0')
            continue;
        if (n_header == 0) { /* the first real line names the columns */
            snprintf(header_line, sizeof header_line, "%s", line);
            n_header = split_tabs(header_line, header);
            c_op = column(header, n_header, "op");
            c_dtype = column(header, n_header, "dtype");
            c_out = column(header, n_header, "n_out");
            c_k = column(header, n_header, "k_contract");
            c_block = column(header, n_header, "block");
            c_pick = column(header, n_header, "pick");
            if (c_dtype < 0 || c_out < 0 || c_k < 0 || c_block < 0 || c_pick < 0)
                malformed(path, line_no, "header lacks one of dtype, n_out, k_contract, block, pick");
            continue;
        }
        if (split_tabs(line, field) != n_header)
            malformed(path, line_no, "wrong number of columns");
        if (c_op >= 0 && strcmp(field[c_op], op_text) != 0)
            continue;
        uint64_t n_out, k, block;
        if (cli_parse_u64(field[c_out], 1, 1u << 30, &n_out) != 0 ||
            cli_parse_u64(field[c_k], 1, 1u << 30, &k) != 0 ||
            cli_parse_u64(field[c_block], 1, 1024, &block) != 0)
            malformed(path, line_no, "n_out, k_contract or block is not a positive integer");
        op_dtype dtype;
        if (strcmp(field[c_dtype], "float") == 0)
            dtype = DTYPE_FLOAT;
        else if (strcmp(field[c_dtype], "double") == 0)
            dtype = DTYPE_DOUBLE;
        else
            malformed(path, line_no, "dtype must be float or double");
        int measured;
        if (strcmp(field[c_pick], "warp") == 0)
            measured = 1;
        else if (strcmp(field[c_pick], "serial") == 0)
            measured = 0;
        else
            malformed(path, line_no, "pick must be warp or serial");
        const int picked = use_warp_per_output(op, (int)n_out, (int)k, (int)block, dtype);
        cells++;
        measured_warp += measured;
        if (picked == measured)
            agree++;
        else if (!quiet)
            printf("disagrees: line %d: %s n_out=%d k=%d block=%d: measured %s, picker says %s\n", line_no,
                   field[c_dtype], (int)n_out, (int)k, (int)block, measured ? "warp" : "serial",
                   picked ? "warp" : "serial");
    }
    if (ferror(f)) { /* a directory opens, but reading it fails (EISDIR) */
        fprintf(stderr, "error: cannot read sweep table '%s': %s\n", path, strerror(errno));
        return EXIT_BAD_INPUT;
    }
    fclose(f);
    if (cells == 0) {
        fprintf(stderr, "error: %s holds no %s cells\n", path, op_text);
        return EXIT_BAD_INPUT;
    }
    if (!quiet)
        printf("%d cells, %d of them pick warp per output; the picker agrees with %d\n",
               cells, measured_warp, agree);
    return exit_status(verdict("the picker agrees with every measured cell", agree == cells));
}
