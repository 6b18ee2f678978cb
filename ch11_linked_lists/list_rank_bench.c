/* list_rank_bench.c - 11.4: ranking random-order lists of 2^20 ... 2^26
 * nodes three ways on the same machine: the sequential CPU walk, Wyllie's
 * pointer jumping on the GPU and the ruling set on the GPU. Prints a
 * markdown table for RESULTS.md; --dat writes the data for the figure. */
#include "run_header.h"
#include "common.h"
#include "list_gpu.h"
#include "list_walk.h"

#include <stdlib.h>

int main(int argc, char **argv)
{
    uint64_t min_log = 20, max_log = 26, reps = 10, warmup = 2, cpu_reps = 3, sublist = 64, seed = 1;
    const char *dat_path = NULL;
    const cli_option options[] = {
        { "--min-log", CLI_U64, &min_log, "smallest list 2^K nodes (default 20)", 4, 27, NULL },
        { "--max-log", CLI_U64, &max_log, "largest list 2^K nodes (default 26; sizes step by 4x)", 4, 27, NULL },
        { "--reps", CLI_U64, &reps, "timed GPU runs per size (default 10)", 1, 1000, NULL },
        { "--warmup", CLI_U64, &warmup, "untimed GPU runs first (default 2)", 0, 100, NULL },
        { "--cpu-reps", CLI_U64, &cpu_reps, "timed CPU walks per size (default 3)", 1, 100, NULL },
        { "--sublist", CLI_U64, &sublist, "ruling set: one ruler per K node indices (default 64)", 1, 1 << 20, NULL },
        { "--seed", CLI_U64, &seed, "seed of the random lists (default 1)", 0, UINT64_MAX, NULL },
        { "--dat", CLI_STRING, &dat_path, "also write the medians to FILE (gnuplot data)", 0, 0, NULL },
    };
    cli_parse(argc, argv, "List ranking at scale: CPU walk vs GPU pointer jumping vs GPU ruling set.",
              options, sizeof options / sizeof options[0]);
    gpu_require_device();
    FILE *dat = cli_open_output(dat_path);
    if (dat)
        fprintf(dat, "# n cpu_walk_ms wyllie_ms ruling_ms ruling_end_to_end_ms (medians)\n");
    print_run_header(argc, argv);
    printf("Distance to the end of every node of a random-order list (int32 next and rank).\n"
           "GPU columns: CUDA events around the kernels, list already on the GPU, median of %d runs\n"
           "after %d warm-ups; the end-to-end column adds copying the list in and the ranks out\n"
           "(pageable host memory). CPU: one walk from the head, host clock, median of %d runs.\n"
           "Ruling set: one ruler per %d node indices.\n\n",
           (int)reps, (int)warmup, (int)cpu_reps, (int)sublist);
    printf("| n | CPU walk (ms) | spread | Wyllie (ms) | spread | rounds | ruling set (ms) | spread | "
           "rulers | ruling set end to end (ms) | CPU / ruling set | Wyllie / ruling set |\n");
    printf("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    int ok = 1;
    for (uint64_t lg = min_log; lg <= max_log; lg += 2) {
        const int32_t n = INT32_C(1) << lg;
        list l;
        int32_t *walk = alloc_or_exit((size_t)n, sizeof *walk, "the CPU walk's ranks");
        int32_t *wyllie = alloc_or_exit((size_t)n, sizeof *wyllie, "Wyllie's ranks");
        int32_t *ruling = alloc_or_exit((size_t)n, sizeof *ruling, "the ruling set's ranks");
        double *cpu_ms = alloc_or_exit((size_t)cpu_reps, sizeof *cpu_ms, "the CPU timings");
        if (list_alloc(&l, n) != 0 || list_make_random(&l, seed + lg, 1) != 0) {
            fprintf(stderr, "error: cannot allocate a list of 2^%d nodes\n", (int)lg);
            return EXIT_BAD_INPUT;
        }
        for (uint64_t r = 0; r < cpu_reps; r++) {
            const double t0 = host_seconds();
            rank_by_walk(&l, walk);
            cpu_ms[r] = 1e3 * (host_seconds() - t0);
        }
        const double cpu_med = median_of(cpu_ms, (size_t)cpu_reps), cpu_spread = spread_of(cpu_ms, (size_t)cpu_reps);
        rank_timing t;
        gpu_time_ranking(l.node, n, l.head, (int32_t)sublist, (uint32_t)seed, (int)warmup, (int)reps, wyllie,
                         ruling, &t);
        int32_t first;
        const int right = count_differences(wyllie, walk, n, &first) == 0 &&
                          count_differences(ruling, walk, n, &first) == 0;
        ok &= right;
        printf("| 2^%d | %.1f | %.0f%% | %.2f | %.0f%% | %d | %.3f | %.0f%% | %d | %.2f | %.0f | %.1f |%s\n",
               (int)lg, cpu_med, 100 * cpu_spread, t.wyllie_ms, 100 * t.wyllie_spread, t.wyllie_rounds,
               t.ruling_ms, 100 * t.ruling_spread, (int)t.rulers, t.ruling_e2e_ms, cpu_med / t.ruling_ms,
               t.wyllie_ms / t.ruling_ms, right ? "" : " WRONG RANKS");
        if (dat)
            fprintf(dat, "%d %.6f %.6f %.6f %.6f\n", (int)n, cpu_med, t.wyllie_ms, t.ruling_ms, t.ruling_e2e_ms);
        fflush(stdout);
        free(walk); free(wyllie); free(ruling); free(cpu_ms);
        list_free(&l);
    }
    printf("\n");
    if (dat)
        cli_close_output(dat, dat_path);
    return exit_status(verdict("Wyllie and the ruling set equal the CPU walk at every size", ok));
}
