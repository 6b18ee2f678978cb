/* device_reduce_figure.h - the stages of device_reduce as a picture: one
 * row per stage, a bar for the partial sums it leaves (log scale), the
 * additions it adds to the longest chain, and the waits between stages. */
#ifndef CH03_DEVICE_REDUCE_FIGURE_H
#define CH03_DEVICE_REDUCE_FIGURE_H

#include "device_reduce_emulate.h"

#include <stdio.h>

/* Draws the stages of device_reduce_stages(in, g) as SVG on out. */
void device_reduce_stages_svg(FILE *out, const reduce_input *in, const reduce_geometry *g);

#endif
