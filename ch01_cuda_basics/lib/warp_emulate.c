/* warp_emulate.c - one warp's shuffle tree and ballot in C; see warp_emulate.h. */
#include "warp_emulate.h"

#include <string.h>

// [listing shfl-down-in-c]
/* The strict rule of a _sync call: every lane named in mask executes it.
 * Lanes active..31 have left the kernel, so none of them may be named. */
static int mask_names_only_running_lanes(unsigned mask, int active, int offset, warp_fault *fault)
{
    if (fault->lane >= 0)
        return 0; /* an earlier call broke the rule: the warp has stopped */
    for (int lane = active; lane < WARP_LANES; lane++) {
        if (mask >> lane & 1u) {
            fault->lane = lane;
            fault->mask = mask;
            fault->offset = offset;
            return 0;
        }
    }
    return 1;
}

/* __shfl_down_sync(mask, v, offset) gives lane l the value that lane
 * l + offset held before the step. Lanes whose source is past the active
 * lanes keep their own value (their source holds no element). Each step
 * first checks its mask against the lanes still running. */
int emulate_warp_sum(const int *x, int active, unsigned mask, warp_sum_trace *trace, warp_fault *fault)
{
    int v[WARP_LANES] = { 0 };
    memcpy(v, x, (size_t)active * sizeof *v);
    if (trace) {
        trace->active = active;
        memcpy(trace->value[0], v, sizeof v);
    }
    int step = 1;
    for (int offset = 16; offset > 0; offset /= 2, step++) {
        if (!mask_names_only_running_lanes(mask, active, offset, fault))
            return 0;           /* the warp stops at the first call that breaks the rule */
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

unsigned emulate_ballot(const int *pred, int active, unsigned mask, warp_fault *fault)
{
    if (!mask_names_only_running_lanes(mask, active, 0, fault))
        return 0;
    unsigned bits = 0;
    for (int lane = 0; lane < active; lane++)
        if ((mask >> lane & 1u) && pred[lane])
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
