/* vector_loads.c - section 1.9: one copy, four ways (a float per thread, a
 * float4, float4 tiles through shared memory by cp.async, a double2). The
 * CPU checks the index arithmetic: vectors plus tail cover every element
 * exactly once, for the n given. Each GPU copy must equal its input bit for
 * bit. No times: this program is about what each way loads, not how fast.
 * --forget-tail walks the same split without its tail (the trap);
 * --misaligned launches the float4 copy one float past the start of its
 * buffers (the GPU trap: a misaligned address). */
#include "common.h"
#include "vector_loads.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// [listing cpu-vector-partition]
/* The kernels' split of n elements into vectors of `width` and a tail,
 * walked in C: thread k copies elements width*k .. width*k + width-1, and
 * the first n % width threads one tail element each (with_tail = 0 leaves
 * the tail out: the trap). Counts every visit. */
static int cpu_covers_once(int n, int width, int with_tail, unsigned char *visits)
{
    memset(visits, 0, (size_t)n);
    const int vectors = n / width;
    for (int k = 0; k < vectors; k++)
        for (int j = 0; j < width; j++)
            visits[width * k + j]++;
    for (int k = 0; with_tail && k < n % width; k++)
        visits[vectors * width + k]++;
    for (int i = 0; i < n; i++)
        if (visits[i] != 1)
            return 0;
    return 1;
}
// [end]

/* The elements the walk left out (the trap: the tail), the first 8 of them. */
static void print_missed(const unsigned char *visits, int n, int width)
{
    int missed = 0;
    for (int i = 0; i < n; i++)
        missed += visits[i] == 0;
    printf("  %s without the tail: %d of %d elements never copied", width == 4 ? "float4" : "double2",
           missed, n);
    for (int i = 0, shown = 0; i < n && shown < 8; i++)
        if (visits[i] == 0)
            printf("%s%d", shown++ == 0 ? ": " : " ", i);
    printf("%s\n", missed > 8 ? " ..." : "");
}

static const char *const kind_name[COPY_KINDS] = { "float per thread", "float4 per thread",
                                                   "cp.async float4 tiles", "double2 per thread" };
static const int kind_bytes[COPY_KINDS] = { 4, 16, 16, 16 };

static int check_gpu(const float *f, const double *d, int n, int quiet)
{
    float *fo = alloc_or_exit((size_t)n, sizeof *fo, "copy");
    double *dout = alloc_or_exit((size_t)n, sizeof *dout, "copy");
    int ok = 1;
    for (int kind = 0; kind < COPY_KINDS; kind++) {
        const int doubles = kind == COPY_DOUBLE2;
        const long long threads = gpu_copy(doubles ? (const void *)d : (const void *)f,
                                           doubles ? (void *)dout : (void *)fo, n, (copy_kind)kind);
        const int same = doubles ? memcmp(dout, d, (size_t)n * sizeof *d) == 0
                                 : memcmp(fo, f, (size_t)n * sizeof *f) == 0;
        if (!quiet)
            printf("  %-22s %2d-byte loads, %9lld threads launched\n", kind_name[kind],
                   kind_bytes[kind], threads);
        char what[96];
        snprintf(what, sizeof what, "GPU %s: the copy equals its input", kind_name[kind]);
        ok &= verdict(what, same);
    }
    free(fo);
    free(dout);
    return ok;
}

int main(int argc, char **argv)
{
    uint64_t n = (UINT64_C(1) << 20) + 3, seed = 1;
    int quiet = 0, forget_tail = 0, misaligned = 0;
    const char *on = NULL;
    const cli_option options[] = {
        { "--n", CLI_U64, &n, "number of elements (default 2^20 + 3: a tail of 3 floats)", 1, UINT64_C(1) << 26, NULL },
        { "--seed", CLI_U64, &seed, "random seed (default 1)", 0, UINT64_MAX, NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the verdicts", 0, 0, NULL },
        { "--forget-tail", CLI_FLAG, &forget_tail, "CPU trap: walk the vector split without its n % 4 (n % 2) tail", 0, 0, NULL },
        { "--misaligned", CLI_FLAG, &misaligned, "GPU trap: float4 loads from one float past the buffer's start", 0, 0, NULL },
        CLI_OPTION_ON(&on),
    };
    cli_parse(argc, argv, "A copy by scalar, float4, cp.async and double2 loads, each checked bit for bit.",
              options, sizeof options / sizeof options[0]);
    if (forget_tail && on != NULL && strcmp(on, "cpu") != 0) {
        fprintf(stderr, "error: --forget-tail is a CPU walk (use --on cpu)\n");
        return EXIT_BAD_INPUT;
    }
    if (misaligned && (forget_tail || (on != NULL && strcmp(on, "gpu") != 0))) {
        fprintf(stderr, "error: --misaligned is a GPU experiment (use --on gpu, without --forget-tail)\n");
        return EXIT_BAD_INPUT;
    }
    if (misaligned && n < 5) {
        fprintf(stderr, "error: --misaligned needs --n 5 or more (a float4 after the first float)\n");
        return EXIT_BAD_INPUT;
    }
    const run_on where = forget_tail ? RUN_CPU : cli_resolve_on(misaligned ? "gpu" : on);
    float *f = alloc_or_exit(n, sizeof *f, "floats");
    double *d = alloc_or_exit(n, sizeof *d, "doubles");
    unsigned char *visits = alloc_or_exit(n, 1, "visit counts");
    splitmix64 g = { seed };
    for (uint64_t i = 0; i < n; i++) {
        d[i] = splitmix64_uniform(&g, -1.0, 1.0);
        f[i] = (float)d[i];
    }
    printf("copy %" PRIu64 " elements: as floats, %" PRIu64 " float4 and a tail of %" PRIu64
           "; as doubles, %" PRIu64 " double2 and a tail of %" PRIu64 "\n", n, n / 4, n % 4, n / 2, n % 2);
    if (forget_tail) {
        const int float4_ok = cpu_covers_once((int)n, 4, 0, visits);
        if (!quiet)
            print_missed(visits, (int)n, 4);
        int ok = verdict("CPU: float4 vectors without the tail cover every element once", float4_ok);
        const int double2_ok = cpu_covers_once((int)n, 2, 0, visits);
        if (!quiet)
            print_missed(visits, (int)n, 2);
        ok &= verdict("CPU: double2 vectors without the tail cover every element once", double2_ok);
        free(f);
        free(d);
        free(visits);
        return exit_status(ok);
    }
    if (misaligned) {
        char device[256];
        gpu_device_describe(device, sizeof device);
        printf("GPU: %s\n", device);
        printf("float4 copy of the %" PRIu64 " floats from in + 1: byte offset 4 from a 256-byte boundary, "
               "4 %% 16 = 4\n", n - 1);
        fflush(stdout); /* before the error line, which goes to stderr */
        float *copy = alloc_or_exit(n, sizeof *copy, "copy");
        gpu_copy_float4_shifted(f, copy, (int)n); /* the loads fault: the next checked call stops the program */
        const int same = memcmp(copy + 1, f + 1, (size_t)(n - 1) * sizeof *f) == 0;
        free(copy);
        free(f);
        free(d);
        free(visits);
        return exit_status(verdict("GPU float4 copy from in + 1: the copy equals its input", same));
    }
    int ok = verdict("CPU: float4 vectors plus tail cover every element once", cpu_covers_once((int)n, 4, 1, visits));
    ok &= verdict("CPU: double2 vectors plus tail cover every element once", cpu_covers_once((int)n, 2, 1, visits));
    if (where & RUN_GPU) {
        char device[256];
        gpu_device_describe(device, sizeof device);
        printf("GPU: %s\n", device);
        ok &= check_gpu(f, d, (int)n, quiet);
    }
    free(f);
    free(d);
    free(visits);
    return exit_status(ok);
}
