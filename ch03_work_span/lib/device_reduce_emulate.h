/* device_reduce_emulate.h - the CPU side of device_reduce: the kernels'
 * exact order of additions replayed on the CPU, a compensated reference sum,
 * and the error bound the GPU result must meet. */
#ifndef CH03_DEVICE_REDUCE_EMULATE_H
#define CH03_DEVICE_REDUCE_EMULATE_H

#include "device_reduce.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The host input: n elements of one type. */
typedef struct {
    elem_type type;
    const float *xf;  /* type == ELEM_FLOAT */
    const double *xd; /* type == ELEM_DOUBLE */
    size_t n;
} reduce_input;

/* The geometry device_reduce chooses for n elements on a GPU with `sms`
 * multiprocessors holding `blocks_per_sm` blocks each, when the input's
 * address is `misalign` bytes past a 16-byte boundary (shared with the .cu). */
void device_reduce_choose_geometry(reduce_geometry *g, elem_type type, size_t n, size_t misalign, int sms,
                                   int blocks_per_sm);

/* The bits device_reduce produces with geometry g (as a double). */
double device_reduce_emulate(const reduce_input *in, const reduce_geometry *g);

/* The bits warp_sum leaves in lane 0 when lane l holds lane[l] (overwrites
 * lane): the replay the emulated kernels are checked against. */
double device_reduce_emulate_warp(const reduce_input *in, double lane[32]);

/* Neumaier-compensated sum in double, and sum |x|. */
void reference_sum(const reduce_input *in, double *sum, double *sum_abs);

/* The stages of the two kernels, in order: how many partial sums each
 * leaves, how many additions it adds to the longest chain, and what the next
 * stage has to wait for (nothing: the same thread or warp goes on; the
 * block's __syncthreads(); the end of the first kernel, i.e. every block). */
typedef enum { REDUCE_WAIT_NONE, REDUCE_WAIT_BLOCK, REDUCE_WAIT_GRID } reduce_wait;

typedef struct {
    const char *what;
    size_t values; /* partial sums left when the stage is done */
    size_t chain;  /* additions it adds to the longest chain (at most) */
    reduce_wait then;
} reduce_stage;

#define REDUCE_STAGES 7

void device_reduce_stages(const reduce_input *in, const reduce_geometry *g, reduce_stage stage[REDUCE_STAGES]);

/* Longest chain of additions any element passes through in the kernels:
 * the sum of the stages' chains. */
size_t device_reduce_depth(const reduce_input *in, const reduce_geometry *g);

/* |gpu - exact| <= gamma(depth) * sum|x| with gamma(d) = d u / (1 - d u),
 * u the unit roundoff of the type; plus the reference's own error bound. */
double device_reduce_tolerance(const reduce_input *in, const reduce_geometry *g, double ref, double sum_abs);

#ifdef __cplusplus
}
#endif

#endif
