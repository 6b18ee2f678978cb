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
    const float *xf; /* type == ELEM_FLOAT */
    const double *xd; /* type == ELEM_DOUBLE */
    size_t n;
} reduce_input;

/* The geometry device_reduce chooses for n elements on a GPU with `sms`
 * multiprocessors holding `blocks_per_sm` blocks each, when the input's
 * address is `misalign` bytes past a 16-byte boundary (shared with the .cu). */
void device_reduce_choose_geometry(reduce_geometry *g, elem_type type, size_t n, size_t misalign,
                                   int sms, int blocks_per_sm);

/* The bits device_reduce produces with geometry g (as a double). */
double device_reduce_emulate(const reduce_input *in, const reduce_geometry *g);

/* The bits warp_sum leaves in lane 0 when lane l holds lane[l] (overwrites
 * lane): the replay the emulated kernels are checked against. */
double device_reduce_emulate_warp(const reduce_input *in, double lane[32]);

/* Neumaier-compensated sum in double, and sum |x|. */
void reference_sum(const reduce_input *in, double *sum, double *sum_abs);

/* Longest chain of additions any element passes through in the kernels. */
size_t device_reduce_depth(const reduce_input *in, const reduce_geometry *g);

/* |gpu - exact| <= gamma(depth) * sum|x| with gamma(d) = d u / (1 - d u),
 * u the unit roundoff of the type; plus the reference's own error bound. */
double device_reduce_tolerance(const reduce_input *in, const reduce_geometry *g, double ref,
                               double sum_abs);

#ifdef __cplusplus
}
#endif

#endif
