/* emu_warp.cpp - the warp operations: __syncwarp, __ballot_sync and the
 * four shuffles. Each is a meeting of the lanes its mask names.
 *
 * A lane arrives with its value and waits (warp_exchange). When every lane
 * of the mask waits at the same operation, on the same line, with the same
 * mask, the scheduler hands each lane what it asked for, all at once, from
 * the values offered (release_warp_groups): as on the GPU, a shuffle reads
 * its partner's value from before the shuffle, whatever order the lanes ran
 * in. What the GPU leaves undefined is reported or poisoned:
 *   - a lane that calls with a mask that leaves itself out: reported;
 *   - a mask that names a lane that has exited or does not exist (a partial
 *     warp: the block's size is not a multiple of 32): reported;
 *   - a shuffle that reads a lane outside the mask: gets all-one bits (NaN
 *     for a float, -1 for an int), so a result that uses it is wrong. */
#include "emu_internal.h"

#include <stdio.h>

namespace emu
{

static const int WARP_LANES = 32;

const char *op_name(warp_op op)
{
    static const char *const names[] = { "__syncwarp",     "__ballot_sync",    "__shfl_sync",
                                         "__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync" };
    return names[op];
}

uint64_t warp_exchange(warp_op op, unsigned mask, uint64_t value, int arg, int width, const char *file, int line)
{
    const int t = block.current, lane = t % 32;
    if (!(mask >> lane & 1u)) {
        report("%s(0x%08x) at %s:%d called by thread %d (lane %d of warp %d), which its mask leaves out", op_name(op),
               mask, file, line, t, lane, t / 32);
        fail_in_thread();
    }
    if (width < 1 || width > 32 || (width & (width - 1)) != 0) {
        report("%s at %s:%d: width %d is not a power of 2 in [1, 32]", op_name(op), file, line, width);
        fail_in_thread();
    }
    thread_state *s = &block.threads[t];
    s->wait = AT_WARP_OP;
    s->op = op;
    s->mask = mask;
    s->value = value;
    s->arg = arg;
    s->width = width;
    s->file = file;
    s->line = line;
    wait_in_scheduler();
    return s->result;
}

/* The lane a shuffle reads, or -1 for "outside the mask". */
static int source_lane(const thread_state *s, int lane)
{
    const int segment = lane & ~(s->width - 1), end = segment + s->width;
    int src = lane;
    switch (s->op) {
    case OP_SHFL_IDX: src = segment + (s->arg & (s->width - 1)); break;
    case OP_SHFL_UP: src = lane - s->arg >= segment ? lane - s->arg : lane; break;
    case OP_SHFL_DOWN: src = lane + s->arg < end ? lane + s->arg : lane; break;
    case OP_SHFL_XOR: src = (lane ^ s->arg) < end ? lane ^ s->arg : lane; break;
    default: break;
    }
    return src >= 0 && src < 32 && (s->mask >> src & 1u) ? src : -1;
}

/* Everyone in the group has arrived: compute every lane's result, release. */
static void exchange(int base, unsigned mask)
{
    thread_state *lanes = &block.threads[base];
    unsigned ballot = 0;
    for (int l = 0; l < WARP_LANES; l++)
        if (mask >> l & 1u)
            ballot |= (unsigned)(lanes[l].value != 0) << l;
    for (int l = 0; l < WARP_LANES; l++) {
        if (!(mask >> l & 1u))
            continue;
        thread_state *s = &lanes[l];
        if (s->op == OP_BALLOT) {
            s->result = ballot;
        } else if (s->op != OP_SYNCWARP) {
            const int src = source_lane(s, l);
            s->result = src < 0 ? ~(uint64_t)0 : lanes[src].value;
        }
    }
    for (int l = 0; l < WARP_LANES; l++)
        if (mask >> l & 1u)
            lanes[l].wait = RUNNABLE;
    checks_warp_sync(base, mask);
}

/* Can the group of thread t go? 1 yes, 0 not yet, -1 never (reported). */
static int group_ready(int t, bool explain)
{
    const thread_state *s = &block.threads[t];
    const int base = t / 32 * 32;
    for (int l = 0; l < WARP_LANES; l++) {
        if (!(s->mask >> l & 1u))
            continue;
        const char *why = NULL;
        char where[256];
        const thread_state *o = base + l < block.count ? &block.threads[base + l] : NULL;
        if (!o) {
            report("%s(0x%08x) at %s:%d names lane %d of warp %d, which does not exist (the block has %d "
                   "threads)",
                   op_name(s->op), s->mask, s->file, s->line, l, t / 32, block.count);
            return -1;
        }
        /* The stricter of CUDA's two rules: GPUs before Volta (sm_70) need
         * every lane of the mask at the call; newer ones exempt lanes that
         * have exited. A mask naming only running lanes is right on both. */
        if (o->wait == EXITED) {
            report("%s(0x%08x) at %s:%d names lane %d (thread %d), which has exited", op_name(s->op), s->mask, s->file,
                   s->line, l, base + l);
            return -1;
        }
        if (o->wait == AT_WARP_OP && o->op == s->op && o->mask == s->mask &&
            same_place(o->file, o->line, s->file, s->line))
            continue;
        if (o->wait == AT_BARRIER) {
            snprintf(where, sizeof where, "__syncthreads() at %s:%d", o->file, o->line);
            why = where;
        } else {
            snprintf(where, sizeof where, "%s(0x%08x) at %s:%d", op_name(o->op), o->mask, o->file, o->line);
            why = where;
        }
        if (explain)
            report("%s(0x%08x) at %s:%d: lane %d (thread %d) never arrives: it waits at %s", op_name(s->op), s->mask,
                   s->file, s->line, l, base + l, why);
        return explain ? -1 : 0;
    }
    return 1;
}

int release_warp_groups(bool explain)
{
    int released = 0;
    for (int t = 0; t < block.count; t++) {
        if (block.threads[t].wait != AT_WARP_OP)
            continue;
        const int ready = group_ready(t, explain);
        if (ready < 0)
            return released;
        if (ready > 0) {
            exchange(t / 32 * 32, block.threads[t].mask);
            released++;
        }
    }
    return released;
}

} // namespace emu
