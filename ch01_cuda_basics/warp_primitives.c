/* warp_primitives.c - section 1.4: the sum of each warp's 32 values by
 * __shfl_down_sync, and how many are odd by __ballot_sync, for an n that
 * leaves the last warp partly full. The CPU computes the same with the
 * lane-by-lane emulation of lib/warp_emulate.c. --dot prints the shuffle
 * tree of warp 0, step by step, as Graphviz DOT. --full-mask (the trap)
 * runs the emulation as a kernel that passes FULL_WARP to the shuffles and
 * the second ballot after the early return: it stops at the first call
 * whose mask names a lane that has left. */
#include "common.h"
#include "warp.h"
#include "warp_emulate.h"
#include "warp_primitives.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    int *sum, *odd;
    unsigned *mask;
} warp_results;

static warp_results results_alloc(int warps)
{
    warp_results r;
    r.sum = alloc_or_exit((size_t)warps, sizeof *r.sum, "warp sums");
    r.odd = alloc_or_exit((size_t)warps, sizeof *r.odd, "warp odd counts");
    r.mask = alloc_or_exit((size_t)warps, sizeof *r.mask, "warp masks");
    return r;
}

static void results_free(warp_results *r)
{
    free(r->sum);
    free(r->odd);
    free(r->mask);
}

/* Every warp on the CPU, in the kernel's order: the first ballot, while all
 * 32 lanes run, finds the lanes with an element; the others return; the
 * emulated shuffle sum and ballot of "odd" pass that mask, or FULL_WARP
 * with full_mask (the trap). A plain loop checks the emulation. The run
 * stops at the first call that names an exited lane: *fault_warp is its warp. */
static int cpu_warps(const int *x, int n, int full_mask, warp_results *r, warp_sum_trace *first, warp_fault *fault,
                     int *fault_warp)
{
    int emulation_agrees = 1;
    fault->lane = -1;
    *fault_warp = -1;
    for (int w = 0; w * 32 < n; w++) {
        const int *lanes = x + w * 32;
        int has_element[WARP_LANES], odd[WARP_LANES], loop_sum = 0, loop_odd = 0;
        for (int l = 0; l < WARP_LANES; l++)
            has_element[l] = w * 32 + l < n;
        /* before the return all 32 lanes run, so FULL_WARP is right here */
        r->mask[w] = emulate_ballot(has_element, WARP_LANES, FULL_WARP, fault);
        const int active = popcount32(r->mask[w]); /* the return: lanes active..31 leave */
        const unsigned after_return = full_mask ? FULL_WARP : r->mask[w];
        for (int l = 0; l < active; l++) {
            odd[l] = lanes[l] % 2 != 0;
            loop_sum += lanes[l];
            loop_odd += odd[l];
        }
        r->sum[w] = emulate_warp_sum(lanes, active, after_return, w == 0 ? first : NULL, fault);
        r->odd[w] = popcount32(emulate_ballot(odd, active, after_return, fault));
        if (fault->lane >= 0) {
            *fault_warp = w;
            return 0;
        }
        emulation_agrees &= r->sum[w] == loop_sum && r->odd[w] == loop_odd;
    }
    return emulation_agrees;
}

/* The trap's report: the first call that named an exited lane, or none. */
static int report_full_mask(int warps, int fault_warp, const warp_fault *f, int quiet)
{
    if (!quiet)
        printf("FULL_WARP (0x%08x) in the shuffles and the second ballot, after the return:\n", FULL_WARP);
    if (fault_warp >= 0 && f->offset > 0)
        printf("  warp %d: __shfl_down_sync(0x%08x, v, %d) names lane %d, which has exited\n", fault_warp, f->mask,
               f->offset, f->lane);
    else if (fault_warp >= 0)
        printf("  warp %d: __ballot_sync(0x%08x, value %% 2 != 0) names lane %d, which has exited\n", fault_warp,
               f->mask, f->lane);
    else if (!quiet)
        printf("  all %d warps have 32 lanes: no call names an exited lane\n", warps);
    return verdict("CPU: every lane in each call's mask executes the call", fault_warp < 0);
}

static void print_warps(const warp_results *r, int warps, const char *who)
{
    printf("%s:\n%5s %6s %10s %5s %5s\n", who, "warp", "lanes", "mask", "sum", "odd");
    for (int w = 0; w < warps; w++) {
        if (w == 3 && warps > 6) {
            printf("  ... (%d more warps)\n", warps - 6);
            w = warps - 3;
        }
        printf("%5d %6d 0x%08x %5d %5d\n", w, popcount32(r->mask[w]), r->mask[w], r->sum[w], r->odd[w]);
    }
}

/* The tree of one warp, left to right: each step's lanes that still matter
 * for lane 0, with an arrow from each value a lane adds. */
static void print_dot(const warp_sum_trace *t)
{
    printf("digraph shuffle_down {\n  rankdir=LR; ranksep=0.9; nodesep=0.05;\n"
           "  node [shape=box, fontname=\"sans-serif\", fontsize=10, height=0.22, width=0.7];\n"
           "  edge [arrowsize=0.5, color=\"#555555\"];\n");
    for (int k = 0; k < WARP_STEPS; k++) {
        const int width = k == 0 ? t->active : (32 >> k < t->active ? 32 >> k : t->active);
        printf("  { rank=same; h%d [shape=plaintext, label=\"%s%d\"];", k, k == 0 ? "lanes 0-" : "offset ",
               k == 0 ? t->active - 1 : 32 >> k);
        for (int l = 0; l < width; l++)
            printf(" s%d_%d [label=\"lane %d: %d\"%s];", k, l, l, t->value[k][l],
                   k == WARP_STEPS - 1 ? ", style=filled, fillcolor=\"#d9ead3\"" : "");
        printf(" }\n  h%d -> s%d_0 [style=invis];\n", k, k);
        if (k > 0)
            printf("  h%d -> h%d [style=invis];\n", k - 1, k);
        for (int l = 0; k > 0 && l < width; l++) {
            printf("  s%d_%d -> s%d_%d;\n", k - 1, l, k, l);
            if (l + (32 >> k) < t->active)
                printf("  s%d_%d -> s%d_%d [color=\"#1f77b4\"];\n", k - 1, l + (32 >> k), k, l);
        }
    }
    printf("}\n");
}

int main(int argc, char **argv)
{
    uint64_t n = 45, seed = 1;
    int quiet = 0, dot = 0, full_mask = 0;
    const char *on = NULL;
    const cli_option options[] = {
        { "--n", CLI_U64, &n, "number of values (default 45: one full warp, one partial)", 1, UINT64_C(1) << 24, NULL },
        { "--seed", CLI_U64, &seed, "random seed (default 1)", 0, UINT64_MAX, NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the verdicts", 0, 0, NULL },
        { "--dot", CLI_FLAG, &dot, "print warp 0's shuffle tree (CPU emulation) as Graphviz DOT", 0, 0, NULL },
        { "--full-mask", CLI_FLAG, &full_mask, "CPU trap: FULL_WARP in the shuffles and second ballot after the return",
          0, 0, NULL },
        CLI_OPTION_ON_EMU(&on),
    };
    cli_parse(argc, argv, "Warp sums by __shfl_down_sync and odd counts by __ballot_sync, checked in C.", options,
              sizeof options / sizeof options[0]);
    if (full_mask && dot)
        cli_refuse("--full-mask and --dot are two experiments, pick one");
    if (full_mask && on != NULL && strcmp(on, "cpu") != 0)
        cli_refuse("--full-mask is a CPU walk of the kernel (use --on cpu)");
    const run_on where = dot || full_mask ? RUN_CPU : cli_resolve_on(on);
    const int warps = (int)((n + 31) / 32);
    int *x = alloc_or_exit(n, sizeof *x, "x");
    splitmix64 g = { seed };
    for (uint64_t i = 0; i < n; i++)
        x[i] = (int)splitmix64_below(&g, 10);
    warp_results cpu = results_alloc(warps), gpu = results_alloc(warps);
    warp_sum_trace first;
    warp_fault fault;
    int fault_warp;
    const int agrees = cpu_warps(x, (int)n, full_mask, &cpu, &first, &fault, &fault_warp);
    if (dot) {
        print_dot(&first);
        free(x);
        results_free(&cpu);
        results_free(&gpu);
        return EXIT_PASS;
    }
    printf("%" PRIu64 " values in [0, 10): %d warps, the last with %d lanes\n", n, warps,
           (int)(n - (uint64_t)(warps - 1) * 32));
    if (full_mask) {
        int ok = report_full_mask(warps, fault_warp, &fault, quiet);
        if (ok)
            ok = verdict("CPU: the lane-by-lane emulation equals plain loops", agrees);
        free(x);
        results_free(&cpu);
        results_free(&gpu);
        return exit_status(ok);
    }
    if (!quiet) {
        printf("warp 0, lane 0 after each step:");
        for (int k = 0; k < WARP_STEPS; k++)
            printf(" %d", first.value[k][0]);
        printf("\n");
    }
    int ok = verdict("CPU: the lane-by-lane emulation equals plain loops", agrees);
    if (where & RUN_GPU) {
        char device[256];
        gpu_device_describe(device, sizeof device);
        printf("GPU: %s\n", device);
        gpu_warp_sum_and_count(x, (int)n, gpu.sum, gpu.odd, gpu.mask);
        if (!quiet)
            print_warps(&gpu, warps, "GPU");
        ok &= verdict("GPU masks, shuffle sums and ballot counts equal the CPU's",
                      memcmp(gpu.sum, cpu.sum, (size_t)warps * sizeof *cpu.sum) == 0 &&
                          memcmp(gpu.odd, cpu.odd, (size_t)warps * sizeof *cpu.odd) == 0 &&
                          memcmp(gpu.mask, cpu.mask, (size_t)warps * sizeof *cpu.mask) == 0);
    } else if (where == RUN_EMU) {
        printf("emulator: the kernel's own source on the CPU (common/emulator/)\n");
        fflush(stdout); /* an error it reports goes to stderr: keep the order */
        if (emu_warp_sum_and_count(x, (int)n, gpu.sum, gpu.odd, gpu.mask) != 0) {
            ok = verdict("the emulator ran the kernel without an error", 0);
        } else {
            if (!quiet)
                print_warps(&gpu, warps, "emulator");
            ok &= verdict("emulated masks, shuffle sums and ballot counts equal the CPU's",
                          memcmp(gpu.sum, cpu.sum, (size_t)warps * sizeof *cpu.sum) == 0 &&
                              memcmp(gpu.odd, cpu.odd, (size_t)warps * sizeof *cpu.odd) == 0 &&
                              memcmp(gpu.mask, cpu.mask, (size_t)warps * sizeof *cpu.mask) == 0);
        }
    } else if (!quiet) {
        print_warps(&cpu, warps, "CPU emulation (no GPU run)");
    }
    free(x);
    results_free(&cpu);
    results_free(&gpu);
    return exit_status(ok);
}
