/* warp_emulate.c - one warp's shuffle tree and ballot in C; see warp_emulate.h. */
#include "warp_emulate.h"

#include <string.h>

// [listing shfl-down-in-c]
/* __shfl_down_sync(mask, v, offset) gives lane l the value that lane
 * l + offset held before the step. Lanes whose source is past the active
 * lanes keep their own value (their source holds no element). */
int emulate_warp_sum(const int *x, int active, warp_sum_trace *trace)
{
    int v[WARP_LANES] = { 0 };
    memcpy(v, x, (size_t)active * sizeof *v);
    if (trace) {
        trace->active = active;
        memcpy(trace->value[0], v, sizeof v);
    }
    int step = 1;
    for (int offset = 16; offset > 0; offset /= 2, step++) {
        int before[WARP_LANES]; /* all lanes read, then all lanes write */
        memcpy(before, v, sizeof v);
        for (int lane = 0; lane < active; lane++)
            if (lane + offset < active)
                v[lane] = before[lane] + before[lane + offset];
        if (trace)
            memcpy(trace->value[step], v, sizeof v);
    }
    return v[0];
}
// [end]

unsigned emulate_ballot(const int *pred, int active)
{
    unsigned bits = 0;
    for (int lane = 0; lane < active; lane++)
        if (pred[lane])
            bits |= 1u << lane;
    return bits;
}

int popcount32(unsigned bits)
{
    int count = 0;
    for (; bits; bits &= bits - 1)
        count++;
    return count;
}
