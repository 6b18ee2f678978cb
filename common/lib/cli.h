/* cli.h - strict, table-driven command-line parsing.
 *
 * A program lists its options in an array of `cli_option` and calls
 * cli_parse(). Anything the table does not allow -- an unknown option, a
 * missing value, "abc" where a number belongs, 0 or a negative where it is
 * not allowed, a number too large -- prints one line
 *     error: --n expects an integer in [1, 1073741824], got 'abc'
 * and exits with EXIT_BAD_INPUT (2); so does an option given twice
 * ("error: --n given twice"). `--help` prints the usage and exits 0.
 * Values may be written `--n 1000`, `--n=1000`, in decimal (leading zeros
 * allowed: `010` is ten), in hex with 0x (`0x3e8`) or as a power of two
 * (`2^20`); nothing else -- no sign, no white space, no octal.
 *
 * Output is checked: cli_parse makes every later exit flush stdout and any
 * file of cli_open_output still open, and a write that failed (a full disk,
 * /dev/full, a closed stdout) ends the program with
 *     error: writing stdout: No space left on device
 * and EXIT_MISMATCH (1) whatever status it was about to exit with. */
#ifndef COMMON_CLI_H
#define COMMON_CLI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    CLI_FLAG,   /* no value; target is int, set to 1 */
    CLI_U64,    /* unsigned integer in [min, max]; target is uint64_t */
    CLI_DOUBLE, /* finite floating-point number; target is double */
    CLI_CHOICE, /* one word of `choices` ("cpu|gpu|both"); target is const char * */
    CLI_STRING  /* any non-empty text; target is const char *; --help shows it as
                    FILE, or as `choices` when that is set ("M,N,K,L") */
} cli_kind;

typedef struct {
    const char *name; /* "--n" */
    cli_kind kind;
    void *target;        /* where the parsed value goes */
    const char *help;    /* one line for --help */
    uint64_t min, max;   /* CLI_U64 only: inclusive range */
    const char *choices; /* CLI_CHOICE: "a|b|c"; CLI_STRING: the --help word (NULL: FILE) */
} cli_option;

#define CLI_MAX_OPTIONS 64

/* Parses argv against the table; exits 0 on --help and 2 on any error.
 * Registers the exit handler that checks stdout (see above). */
void cli_parse(int argc, char **argv, const char *summary, const cli_option *options, size_t count);

/* Opens the file an option names (--dat FILE, --tsv FILE) for writing.
 * NULL path: returns NULL (the option was not given). A file that cannot
 * be opened: "error: cannot write 'PATH': REASON" and exit EXIT_BAD_INPUT. */
FILE *cli_open_output(const char *path);

/* Flushes and closes a file of cli_open_output (NULL: nothing to do). A
 * write that failed: "error: writing WHAT: REASON" and exit EXIT_MISMATCH;
 * WHAT names the output, usually its path. */
void cli_close_output(FILE *f, const char *what);

/* Bad input found after cli_parse (an option value that only the program
 * can judge, a size the device cannot take): prints "error: " and the
 * message, formatted as printf formats it, and exits with EXIT_BAD_INPUT
 * (2). Every program refuses its input through here, so that the message's
 * form and the exit status are the same everywhere. */
#ifdef __cplusplus
[[noreturn]]
#else
_Noreturn
#endif
void cli_refuse(const char *format, ...) __attribute__((format(printf, 1, 2)));

/* Writes argv joined by spaces (the exact command, for benchmark tables);
 * truncated to size - 1 characters. */
void cli_command_line(int argc, char **argv, char *buf, size_t size);

/* 1 when the last cli_parse found the option `name` ("--seed") on the
 * command line, else 0: for an option whose every value is valid, so that
 * no default can stand for "not given" (any uint64 is a seed). */
int cli_given(const char *name);

/* The same parsers, usable for numbers read from files. Return 0 on success. */
int cli_parse_u64(const char *text, uint64_t min, uint64_t max, uint64_t *out);
int cli_parse_double(const char *text, double *out);

/* The --on option of programs with both a CPU and a GPU path. RUN_EMU: the
 * kernels' own source on the CPU emulator (common/emulator/), for programs
 * whose kernels it can run (CLI_OPTION_ON_EMU). */
typedef enum { RUN_CPU = 1, RUN_GPU = 2, RUN_BOTH = 3, RUN_EMU = 4 } run_on;

/* Turns the --on text (NULL when the option was not given) into a run_on:
 * no --on means both when a GPU is present, otherwise cpu. Asking for
 * gpu/both without a device prints "skipped: no CUDA device" and exits 77;
 * emu needs no device. */
run_on cli_resolve_on(const char *on_text);

/* The --on entry of an options table, for a `const char *` that
 * cli_resolve_on then reads. */
#define CLI_OPTION_ON(text_var)                                                                                        \
    {                                                                                                                  \
        "--on", CLI_CHOICE, (text_var), "where to run (default both with a GPU, else cpu)", 0, 0, "cpu|gpu|both"       \
    }
/* For a program whose kernels the emulator cannot run: `--on emu` is then
 * answered with "error: --on emu: WHY" and EXIT_BAD_INPUT (cli_no_emu). */
void cli_no_emu(const char *on_text, const char *why);
#define CLI_OPTION_ON_NO_EMU(text_var)                                                                                 \
    {                                                                                                                  \
        "--on", CLI_CHOICE, (text_var),                                                                                \
            "where to run (default both with a GPU, else cpu; emu: why the CPU emulator cannot run these kernels)", 0, \
            0, "cpu|gpu|both|emu"                                                                                      \
    }
/* The same for a program with no CPU path: gpu is the default and the only
 * path, and `--on emu` says why the emulator cannot stand in (cli_no_emu). */
#define CLI_OPTION_ON_GPU_NO_EMU(text_var)                                                                             \
    {                                                                                                                  \
        "--on", CLI_CHOICE, (text_var),                                                                                \
            "where to run: gpu (the default, and the only path; emu: why the CPU emulator cannot run these kernels)",  \
            0, 0, "gpu|emu"                                                                                            \
    }
#define CLI_OPTION_ON_EMU(text_var)                                                                                    \
    {                                                                                                                  \
        "--on", CLI_CHOICE, (text_var),                                                                                \
            "where to run (default both with a GPU, else cpu; emu: the kernels on the CPU emulator)", 0, 0,            \
            "cpu|gpu|both|emu"                                                                                         \
    }

#ifdef __cplusplus
}
#endif

#endif
