/* sweep_cells.h - the cells every timing of the chapter runs: the crossover
 * sweep (reduced_ops_sweep) and the head to head with GLASS (glass_vs_ours).
 * The shapes are an X-macro so that the C programs build their tables from
 * them and the CUDA code instantiates one kernel per shape from the same
 * list; the two can never drift apart. X(M, N, K): gemm is M x N with
 * contraction K; gemv uses M and K (M outputs); syrk uses M and K (M x M). */
#ifndef REDUCED_OPS_SWEEP_CELLS_H
#define REDUCED_OPS_SWEEP_CELLS_H

/* The table of shapes is laid out by hand, four to a row. */
// clang-format off
// [listing sweep-cells]
#define SWEEP_SHAPES(X)                                                                 \
    X(4, 4, 4)    X(8, 8, 8)     X(14, 14, 14)  X(21, 21, 21)                            \
    X(4, 4, 64)   X(8, 8, 64)    X(2, 64, 2)    X(7, 7, 64)                              \
    X(14, 14, 7)  X(14, 21, 14)  X(21, 14, 21)  X(7, 14, 7)
#define SWEEP_BLOCK_SIZES { 32, 64, 128, 256 }
#define N_SHAPES 12
#define N_BLOCKS 4
#define N_CELLS (2 * N_SHAPES * N_BLOCKS) /* x {float, double} */
// [end]
// clang-format on

#endif
