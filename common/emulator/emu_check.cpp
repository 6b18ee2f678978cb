/* emu_check.cpp - the emulator's memory checks, compute-sanitizer's lessons
 * on the CPU. g++ compiles a kernel's source with a call in front of every
 * load and store (ThreadSanitizer's instrumentation, -fsanitize=thread, see
 * the Makefile's EMU_CHECK_FLAGS); the calls land in the __tsan_* functions
 * at the bottom of this file, which the emulator defines itself. An access
 * made by an emulated thread is checked against:
 *
 *   shared memory (every __shared__ array lives in the section emu_shared,
 *   cuda_shim.h): each byte remembers who last wrote it and who read it
 *   since the last barrier, so that
 *     - two threads touching one byte between two barriers, at least one
 *       writing, is a race (racecheck). Lanes of one warp are ordered by a
 *       warp operation that names both (__syncwarp, a shuffle, a ballot);
 *       threads of different warps only by __syncthreads();
 *     - a read of a byte no thread of this block has written is a read of
 *       another block's leftovers, or of nothing (initcheck). The bytes are
 *       also poisoned (all ones) at the start of each block;
 *
 *   device buffers (emu_device_alloc, emu_launch.h): each has a guard zone
 *   on both sides, and an access to it is out of bounds (memcheck). Two
 *   threads of one block touching one byte of a buffer between two
 *   barriers, at least one writing, is a race, as in shared memory
 *   (racecheck does not look at global memory; this is the lesson of a
 *   kernel that reads what its neighbours rewrite in the same launch).
 *
 * Atomics (atomicAdd) are indivisible only against other atomics: two
 * threads updating one byte atomically in one interval do not race, but an
 * atomic and a plain read or write of that byte by another thread, with no
 * barrier (or, in one warp, warp operation) between, do (racecheck reports
 * this too: a block that zeroes its counters and counts into them with no
 * __syncthreads() between). The first error ends the launch, with both
 * threads and both source lines named (addr2line reads them from the
 * program's line tables, -g1).
 * Not checked: global memory races between blocks (blocks run one after
 * another, so the emulator cannot see them), stack and host memory. */
#include "emu_internal.h"
#include "emu_launch.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#if defined(__linux__)
#include <link.h>
#endif

/* The bounds of the emu_shared section (the linker defines them; weak: a
 * program without a __shared__ array has no such section). */
#if defined(__APPLE__)
extern char emu_shared_start[] __asm("section$start$__DATA$emu_shared") __attribute__((weak));
extern char emu_shared_stop[] __asm("section$end$__DATA$emu_shared") __attribute__((weak));
#else
extern "C" char __start_emu_shared[] __attribute__((weak));
extern "C" char __stop_emu_shared[] __attribute__((weak));
#define emu_shared_start __start_emu_shared
#define emu_shared_stop __stop_emu_shared
#endif

namespace emu
{

static const uint16_t NOBODY = 0xffff;

/* What one byte of shared memory remembers. */
struct byte_history {
    uint32_t written_in;   /* the block (serial) of its last write; 0: none */
    uint32_t write_phase;  /* the barrier interval (serial) of that write */
    uint32_t read_phase;   /* the interval of the reads below */
    uint32_t atomic_phase; /* the interval of the atomics in atomic_history */
    uint16_t writer, reader[2];
    uint32_t write_clock, read_clock[2];
    uint32_t write_pc, read_pc[2]; /* offsets in the program (load_bias) */
};

/* The threads that updated a byte or word atomically in one interval (two
 * at most are remembered, as for readers), with which atomic (an index in
 * atomic_names), and which bytes of the word. Kept apart from the plain
 * accesses' history, which stays small: most kernels have no atomics. */
struct updates {
    uint16_t updater[2];
    uint8_t update_bytes[2], update_op[2];
    uint32_t update_clock[2], update_pc[2];
};

/* Set by the instrumentation's start-up call (__tsan_init, below): at least
 * one source of the program was compiled with the calls the checks need. */
static bool checks_on;
static char *shared_begin, *shared_end;

/* The first read of a byte not yet written in this block. Reported when
 * its barrier interval ends, unless a write by another thread in the same
 * interval shows it to be a race (reported as such, at once). */
struct early_read {
    bool pending;
    char *at;
    int thread;
    const void *pc;
};
static early_read unwritten;
static byte_history *history;
static updates *atomic_history; /* one per byte of shared memory */
static uint32_t block_serial, phase_serial;

/* Warp order: thread t's clock counts the warp operations it took part
 * in; seen[t][l] is the clock of lane l of its warp that t has synchronised
 * with. Lane a's access at clock c is ordered before lane b's now when
 * seen[b][a] > c. */
static uint32_t warp_clock[1024], seen[1024][32];

/* --- device buffers --------------------------------------------------- */
static const size_t GUARD = 256; /* bytes each side, and cudaMalloc's alignment */
struct device_buffer {
    char *begin;
    size_t bytes;
    const char *what;
};
static device_buffer buffers[64];
static int buffer_count;

/* What the 4-byte words of device buffers touched in the current barrier
 * interval remember, for the race check: an open-addressing table keyed by
 * address. An entry of an older interval counts as empty, so a barrier
 * clears the table without touching it. The masks say which bytes of the
 * word the recorded writer and readers touched: threads that touch
 * different bytes of one word do not race. */
struct global_word {
    char *at;       /* the word's first byte */
    uint32_t phase; /* the barrier interval (serial) it belongs to */
    uint16_t writer, reader[2];
    uint8_t write_bytes, read_bytes[2];
    uint8_t atomic_bytes; /* the bytes updated atomically: their updates are in atomic_table */
    uint32_t write_clock, read_clock[2];
    uint32_t write_pc, read_pc[2]; /* offsets in the program (load_bias) */
    void start(char *p)
    {
        writer = reader[0] = reader[1] = NOBODY;
        at = p;
    }
};
/* The atomics on a word of a device buffer in the current interval. */
struct atomic_word {
    char *at;
    uint32_t phase;
    updates u;
    void start(char *p)
    {
        u.updater[0] = u.updater[1] = NOBODY;
        at = p;
    }
};
/* An open-addressing table of words, keyed by address; `used` counts the
 * entries of interval `phase`. */
template <typename E>
struct word_table {
    E *table;
    size_t capacity, used;
    uint32_t phase;
};
static word_table<global_word> global_table;
static word_table<atomic_word> atomic_table;

} // namespace emu

void *emu_device_alloc(size_t bytes, const char *what)
{
    using namespace emu;
    if (buffer_count == (int)(sizeof buffers / sizeof buffers[0])) {
        fprintf(stderr, "error: emulator: more than %d device buffers at once\n", buffer_count);
        exit(1);
    }
    char *raw = (char *)malloc(bytes + 2 * GUARD);
    if (!raw) {
        fprintf(stderr, "error: emulator: no memory for %zu bytes of %s\n", bytes, what);
        exit(1);
    }
    buffers[buffer_count++] = device_buffer{ raw + GUARD, bytes, what };
    return raw + GUARD;
}

void emu_device_free(void *p)
{
    using namespace emu;
    if (!p)
        return;
    for (int i = 0; i < buffer_count; i++)
        if (buffers[i].begin == p) {
            free(buffers[i].begin - GUARD);
            buffers[i] = buffers[--buffer_count];
            return;
        }
    fprintf(stderr, "error: emulator: emu_device_free of a pointer emu_device_alloc did not return\n");
    exit(1);
}

namespace emu
{

/* --- naming a source line ---------------------------------------------- */
static uintptr_t load_bias(void)
{
#if defined(__linux__)
    static uintptr_t bias;
    static bool known;
    if (!known) {
        dl_iterate_phdr(
            [](struct dl_phdr_info *info, size_t, void *out) {
                *(uintptr_t *)out = (uintptr_t)info->dlpi_addr;
                return 1; /* the first object is the program itself */
            },
            &bias);
        known = true;
    }
    return bias;
#else
    return 0;
#endif
}

/* "file:line" of the instruction before return address `pc` (the call of
 * the check is right after the access), or its address in the program. */
static void source_line(const void *pc, char *out, size_t size)
{
    const uintptr_t offset = (uintptr_t)pc - 1 - load_bias();
    snprintf(out, size, "0x%lx in the program", (unsigned long)offset);
#if defined(__linux__)
    char command[256];
    snprintf(command, sizeof command, "addr2line -i -e /proc/%d/exe 0x%lx 2>/dev/null", (int)getpid(),
             (unsigned long)offset);
    FILE *p = popen(command, "r");
    if (!p)
        return;
    char line[1024];
    if (fgets(line, sizeof line, p) && line[0] != '?') {
        line[strcspn(line, " \n")] = '\0'; /* drop " (discriminator N)" */
        char cwd[1024];
        const char *name = line;
        if (getcwd(cwd, sizeof cwd) && strncmp(line, cwd, strlen(cwd)) == 0 && line[strlen(cwd)] == '/')
            name = line + strlen(cwd) + 1; /* relative to where the program runs */
        size_t k = strlen(name);
        k = k < size ? k : size - 1;
        memcpy(out, name, k);
        out[k] = '\0';
    }
    pclose(p);
#endif
}

/* "byte B of NAME" for an address of shared memory: the __shared__ array it
 * falls in, by the program's symbol table (nm), else its offset in the
 * section. */
static void shared_name(const char *p, char *out, size_t size)
{
    snprintf(out, size, "byte %zu of shared memory", (size_t)(p - shared_begin));
#if defined(__linux__)
    char command[128];
    snprintf(command, sizeof command, "nm -C -S --defined-only /proc/%d/exe 2>/dev/null", (int)getpid());
    FILE *f = popen(command, "r");
    if (!f)
        return;
    const uintptr_t at = (uintptr_t)p - load_bias();
    char line[1024];
    while (fgets(line, sizeof line, f)) {
        unsigned long start, bytes;
        char kind;
        int name_at = 0;
        if (sscanf(line, "%lx %lx %c %n", &start, &bytes, &kind, &name_at) < 3 || name_at == 0)
            continue;
        if (at >= start && at < start + bytes) {
            line[strcspn(line, "\n")] = '\0';
            snprintf(out, size, "byte %lu of %.400s", (unsigned long)(at - start), line + name_at);
            break;
        }
    }
    pclose(f);
#endif
}

/* --- the block's life ---------------------------------------------------- */
static void find_shared(void)
{
    static bool found;
    if (found)
        return;
    found = true;
    shared_begin = emu_shared_start;
    shared_end = emu_shared_stop;
    if (shared_begin && shared_end > shared_begin) {
        history = (byte_history *)calloc((size_t)(shared_end - shared_begin), sizeof *history);
        atomic_history = (updates *)calloc((size_t)(shared_end - shared_begin), sizeof *atomic_history);
        if (!history || !atomic_history) {
            fprintf(stderr, "error: emulator: no memory to watch %zu bytes of shared memory\n",
                    (size_t)(shared_end - shared_begin));
            exit(1);
        }
    } else {
        shared_begin = shared_end = NULL;
    }
}

void checks_block_start(int count)
{
    find_shared();
    block_serial++;
    phase_serial++;
    unwritten.pending = false;
    if (shared_begin)
        memset(shared_begin, 0xff, (size_t)(shared_end - shared_begin)); /* poison: NaN, -1 */
    for (int t = 0; t < count; t++) {
        warp_clock[t] = 0;
        memset(seen[t], 0, sizeof seen[t]);
    }
}

static void report_unwritten(void)
{
    if (!unwritten.pending)
        return;
    unwritten.pending = false;
    char where[512], what[512];
    source_line(unwritten.pc, where, sizeof where);
    shared_name(unwritten.at, what, sizeof what);
    report("thread %d reads %s at %s, which no thread of this block had written: shared memory starts each "
           "block undefined (here: all one bits)",
           unwritten.thread, what, where);
}

void checks_barrier(void)
{
    report_unwritten();
    phase_serial++;
}

void checks_block_end(void)
{
    report_unwritten();
}

void checks_warp_sync(int base, unsigned mask)
{
    uint32_t joined[32] = { 0 };
    for (int lane = 0; lane < 32; lane++)
        if (mask >> lane & 1u) {
            warp_clock[base + lane]++;
            for (int j = 0; j < 32; j++)
                if (seen[base + lane][j] > joined[j])
                    joined[j] = seen[base + lane][j];
        }
    for (int lane = 0; lane < 32; lane++)
        if (mask >> lane & 1u)
            joined[lane] = warp_clock[base + lane];
    for (int lane = 0; lane < 32; lane++)
        if (mask >> lane & 1u)
            memcpy(seen[base + lane], joined, sizeof joined);
}

/* --- the checks ---------------------------------------------------------- */
/* Lane a's access at clock_a happened before thread b's now: a warp
 * operation named both since. */
static bool ordered(int a, uint32_t clock_a, int b)
{
    return a / 32 == b / 32 && seen[b][a % 32] > clock_a;
}

/* How a thread touched a byte: a plain read or write, or an atomic (which
 * one: an index in atomic_names). */
enum access_kind { READ, WRITE, ATOMIC };
static const char *atomic_names[16] = { "an atomic" };
static int atomic_name_count = 1;

static uint8_t atomic_op(const char *name)
{
    static const char *last_name;
    static uint8_t last_op;
    if (name == last_name)
        return last_op; /* the usual case: the same atomic as last time */
    last_name = name;
    for (int i = 0; i < atomic_name_count; i++)
        if (atomic_names[i] == name || strcmp(atomic_names[i], name) == 0)
            return last_op = (uint8_t)i;
    if (atomic_name_count == (int)(sizeof atomic_names / sizeof atomic_names[0]))
        return last_op = 0;
    atomic_names[atomic_name_count] = name;
    return last_op = (uint8_t)atomic_name_count++;
}

/* "read it", "writes it", "updated it with atomicAdd", ... */
static const char *did(access_kind kind, uint8_t op, bool past, char *out, size_t size)
{
    if (kind == ATOMIC)
        snprintf(out, size, "%s it with %s", past ? "updated" : "updates", atomic_names[op]);
    else
        snprintf(out, size, "%s it", kind == WRITE ? (past ? "wrote" : "writes") : (past ? "read" : "reads"));
    return out;
}

static uint32_t pc_offset(const void *pc)
{
    return (uint32_t)((uintptr_t)pc - load_bias());
}

static const void *pc_at(uint32_t offset)
{
    return (const void *)(load_bias() + offset);
}

/* "thread A wrote it at ..., thread B reads it at ..., with no ... between
 * (...)": the end of every race report. */
[[noreturn]] static void report_race(const char *what, int other, access_kind other_kind, uint8_t other_op,
                                     uint32_t other_pc, int t, access_kind kind, uint8_t op, const void *pc)
{
    char first[512], second[512], did_first[128], did_second[128];
    source_line(pc_at(other_pc), first, sizeof first);
    source_line(pc, second, sizeof second);
    report("%s: thread %d %s at %s, thread %d %s at %s, with no %s between (%sthe result depends on which "
           "thread runs first)",
           what, other, did(other_kind, other_op, true, did_first, sizeof did_first), first, t,
           did(kind, op, false, did_second, sizeof did_second), second,
           other / 32 == t / 32 ? "__syncwarp() or __syncthreads()" : "__syncthreads()",
           other_kind == ATOMIC || kind == ATOMIC ? "an atomic is indivisible only against other atomics: " : "");
    fail_in_thread();
}

[[noreturn]] static void race(int other, access_kind other_kind, uint8_t other_op, uint32_t other_pc, int t,
                              access_kind kind, uint8_t op, const void *pc, size_t offset)
{
    char name[512], what[600];
    shared_name(shared_begin + offset, name, sizeof name);
    snprintf(what, sizeof what, "shared-memory race on %s", name);
    report_race(what, other, other_kind, other_op, other_pc, t, kind, op, pc);
}

/* Which of two slots (of readers, or of atomic updaters) thread t takes:
 * its own, an empty one, else none (a third thread is not remembered,
 * which can only make the check miss a race, never invent one). */
static inline int slot_of(const uint16_t *who, int t)
{
    return who[0] == NOBODY || who[0] == t ? 0 : who[1] == NOBODY || who[1] == t ? 1 : -1;
}

/* The slot of an atomic update of `bytes` that thread t's plain access now
 * races with, or -1. */
static int racing_update(const updates *u, int t, unsigned bytes)
{
    for (int r = 0; r < 2; r++)
        if (u->updater[r] != NOBODY && u->updater[r] != t && (u->update_bytes[r] & bytes) &&
            !ordered(u->updater[r], u->update_clock[r], t))
            return r;
    return -1;
}

static void note_update(updates *u, int t, unsigned bytes, uint8_t op, const void *pc)
{
    const int r = slot_of(u->updater, t);
    if (r < 0)
        return;
    u->update_bytes[r] = (uint8_t)(u->updater[r] == t ? u->update_bytes[r] | bytes : bytes);
    u->updater[r] = (uint16_t)t;
    u->update_op[r] = op;
    u->update_clock[r] = warp_clock[t];
    u->update_pc[r] = pc_offset(pc);
}

/* An access of `size` bytes at p by the running thread: a plain read or
 * write, or an atomic (op: which one). */
static void shared_access(char *p, size_t size, access_kind kind, uint8_t op, const void *pc)
{
    const int t = block.current;
    const bool writes = kind != READ;
    for (size_t i = 0; i < size; i++) {
        const size_t offset = (size_t)(p + i - shared_begin);
        byte_history *h = &history[offset];
        if (kind != WRITE && h->written_in != block_serial && !unwritten.pending)
            unwritten = early_read{ true, p + i, t, pc };
        if (h->write_phase == phase_serial && h->writer != t && !ordered(h->writer, h->write_clock, t))
            race(h->writer, WRITE, 0, h->write_pc, t, kind, op, pc, offset);
        if (writes && h->read_phase == phase_serial)
            for (int r = 0; r < 2; r++)
                if (h->reader[r] != NOBODY && h->reader[r] != t && !ordered(h->reader[r], h->read_clock[r], t))
                    race(h->reader[r], READ, 0, h->read_pc[r], t, kind, op, pc, offset);
        if (kind != ATOMIC && h->atomic_phase == phase_serial) {
            const updates *u = &atomic_history[offset];
            const int r = racing_update(u, t, 1);
            if (r >= 0)
                race(u->updater[r], ATOMIC, u->update_op[r], u->update_pc[r], t, kind, op, pc, offset);
        }
        if (kind == WRITE) {
            h->written_in = block_serial;
            h->write_phase = phase_serial;
            h->writer = (uint16_t)t;
            h->write_clock = warp_clock[t];
            h->write_pc = pc_offset(pc);
        } else if (kind == ATOMIC) {
            h->written_in = block_serial;
            if (h->atomic_phase != phase_serial) {
                h->atomic_phase = phase_serial;
                atomic_history[offset].updater[0] = atomic_history[offset].updater[1] = NOBODY;
            }
            note_update(&atomic_history[offset], t, 1, op, pc);
        } else {
            if (h->read_phase != phase_serial) {
                h->read_phase = phase_serial;
                h->reader[0] = h->reader[1] = NOBODY;
            }
            const int r = slot_of(h->reader, t);
            if (r >= 0) {
                h->reader[r] = (uint16_t)t;
                h->read_clock[r] = warp_clock[t];
                h->read_pc[r] = pc_offset(pc);
            }
        }
    }
}

template <typename E>
static size_t word_slot(const E *table, size_t capacity, const char *p)
{
    size_t k = (size_t)(((uint64_t)(uintptr_t)p * 0x9E3779B97F4A7C15ull) >> 20) & (capacity - 1);
    while (table[k].phase == phase_serial && table[k].at != p)
        k = (k + 1) & (capacity - 1);
    return k;
}

/* The entry of the word at p (4-byte aligned) in this interval, a fresh
 * one if it has none. */
template <typename E>
static E *word_history(word_table<E> &w, char *p)
{
    if (w.phase != phase_serial) {
        w.phase = phase_serial;
        w.used = 0;
    }
    if (2 * (w.used + 1) > w.capacity) { /* grow, keeping this interval's entries */
        const size_t capacity = w.capacity ? 2 * w.capacity : 4096;
        E *table = (E *)calloc(capacity, sizeof *table);
        if (!table) {
            fprintf(stderr, "error: emulator: no memory to watch %zu words of device memory\n", capacity / 2);
            exit(1);
        }
        for (size_t k = 0; k < w.capacity; k++)
            if (w.table[k].phase == phase_serial)
                table[word_slot(table, capacity, w.table[k].at)] = w.table[k];
        free(w.table);
        w.table = table;
        w.capacity = capacity;
    }
    E *e = &w.table[word_slot(w.table, w.capacity, p)];
    if (e->phase != phase_serial) {
        *e = E{};
        e->phase = phase_serial;
        e->start(p);
        w.used++;
    }
    return e;
}

[[noreturn]] static void global_race(const device_buffer *b, const char *p, int other, access_kind other_kind,
                                     uint8_t other_op, uint32_t other_pc, int t, access_kind kind, uint8_t op,
                                     const void *pc)
{
    char what[512];
    snprintf(what, sizeof what, "global-memory race on byte %lld of %s", (long long)(p - b->begin), b->what);
    report_race(what, other, other_kind, other_op, other_pc, t, kind, op, pc);
}

/* The first byte both masks name, in the word at `at`. */
static const char *common_byte(const char *at, unsigned a, unsigned b)
{
    return at + __builtin_ctz(a & b);
}

/* Races between the threads of this block on the bytes of buffer b: an
 * access of `size` bytes at p, a plain read or write or an atomic (op). */
static void global_access(const device_buffer *b, char *p, size_t size, access_kind kind, uint8_t op, const void *pc)
{
    const int t = block.current;
    char *const end = p + size;
    for (char *word = (char *)((uintptr_t)p & ~(uintptr_t)3); word < end; word += 4) {
        unsigned bytes = 0; /* the bytes of this word the access touches */
        for (int k = 0; k < 4; k++)
            if (word + k >= p && word + k < end)
                bytes |= 1u << k;
        global_word *h = word_history(global_table, word);
        if (h->writer != NOBODY && h->writer != t && (h->write_bytes & bytes) && !ordered(h->writer, h->write_clock, t))
            global_race(b, common_byte(word, h->write_bytes, bytes), h->writer, WRITE, 0, h->write_pc, t, kind, op, pc);
        if (kind != READ)
            for (int r = 0; r < 2; r++)
                if (h->reader[r] != NOBODY && h->reader[r] != t && (h->read_bytes[r] & bytes) &&
                    !ordered(h->reader[r], h->read_clock[r], t))
                    global_race(b, common_byte(word, h->read_bytes[r], bytes), h->reader[r], READ, 0, h->read_pc[r], t,
                                kind, op, pc);
        if (kind != ATOMIC && (h->atomic_bytes & bytes)) {
            const updates *u = &word_history(atomic_table, word)->u;
            const int r = racing_update(u, t, bytes);
            if (r >= 0)
                global_race(b, common_byte(word, u->update_bytes[r], bytes), u->updater[r], ATOMIC, u->update_op[r],
                            u->update_pc[r], t, kind, op, pc);
        }
        /* remember this access (a thread that replaces another's record can
         * only make the check miss a race, never invent one) */
        if (kind == WRITE) {
            h->write_bytes = (uint8_t)(h->writer == t ? h->write_bytes | bytes : bytes);
            h->writer = (uint16_t)t;
            h->write_clock = warp_clock[t];
            h->write_pc = pc_offset(pc);
        } else if (kind == ATOMIC) {
            h->atomic_bytes = (uint8_t)(h->atomic_bytes | bytes);
            note_update(&word_history(atomic_table, word)->u, t, bytes, op, pc);
        } else {
            const int r = h->reader[0] == NOBODY || h->reader[0] == t ? 0 : 1;
            h->read_bytes[r] = (uint8_t)(h->reader[r] == t ? h->read_bytes[r] | bytes : bytes);
            h->reader[r] = (uint16_t)t;
            h->read_clock[r] = warp_clock[t];
            h->read_pc[r] = pc_offset(pc);
        }
    }
}

static void device_access(char *p, size_t size, access_kind kind, uint8_t op, const void *pc)
{
    const bool writes = kind != READ;
    for (int i = 0; i < buffer_count; i++) {
        const device_buffer *b = &buffers[i];
        if (p >= b->begin && p + size <= b->begin + b->bytes) {
            global_access(b, p, size, kind, op, pc);
            return;
        }
        const bool before = p + size > b->begin - GUARD && p < b->begin;
        const bool after = p + size > b->begin + b->bytes && p < b->begin + b->bytes + GUARD;
        if (!before && !after)
            continue;
        char where[512];
        source_line(pc, where, sizeof where);
        const long long offset = (long long)(p - b->begin);
        report("thread %d %s %zu bytes at byte %lld of %s (a buffer of %zu bytes) at %s: out of bounds, %s",
               block.current, writes ? "writes" : "reads", size, offset, b->what, b->bytes, where,
               before ? "before its start" : "past its end");
        fail_in_thread();
    }
}

static inline void access(void *addr, size_t size, bool writes, const void *pc)
{
    if (block.current < 0 || !checks_on)
        return; /* the host's own code */
    char *p = (char *)addr;
    if (p >= shared_begin && p < shared_end)
        shared_access(p, size, writes ? WRITE : READ, 0, pc);
    else if (buffer_count > 0)
        device_access(p, size, writes ? WRITE : READ, 0, pc);
}

} // namespace emu

void emu::atomic_access(void *addr, size_t size, const char *name, const void *pc)
{
    if (block.current < 0 || !emu::checks_on)
        return;
    char *p = (char *)addr;
    if (p >= shared_begin && p < shared_end)
        shared_access(p, size, ATOMIC, atomic_op(name), pc);
    else if (buffer_count > 0)
        device_access(p, size, ATOMIC, atomic_op(name), pc);
}

/* The functions g++ calls before each load and store of an instrumented
 * source (the names of ThreadSanitizer's run-time library, which is not
 * linked: the emulator is the run time here). */
#define EMU_CHECK_SIZE(n)                                                                                              \
    extern "C" void __tsan_read##n(void *p)                                                                            \
    {                                                                                                                  \
        emu::access(p, n, false, __builtin_return_address(0));                                                         \
    }                                                                                                                  \
    extern "C" void __tsan_write##n(void *p)                                                                           \
    {                                                                                                                  \
        emu::access(p, n, true, __builtin_return_address(0));                                                          \
    }                                                                                                                  \
    extern "C" void __tsan_unaligned_read##n(void *p)                                                                  \
    {                                                                                                                  \
        emu::access(p, n, false, __builtin_return_address(0));                                                         \
    }                                                                                                                  \
    extern "C" void __tsan_unaligned_write##n(void *p)                                                                 \
    {                                                                                                                  \
        emu::access(p, n, true, __builtin_return_address(0));                                                          \
    }
EMU_CHECK_SIZE(1)
EMU_CHECK_SIZE(2)
EMU_CHECK_SIZE(4)
EMU_CHECK_SIZE(8)
EMU_CHECK_SIZE(16)
extern "C" void __tsan_read_range(void *p, size_t n)
{
    emu::access(p, n, false, __builtin_return_address(0));
}
extern "C" void __tsan_write_range(void *p, size_t n)
{
    emu::access(p, n, true, __builtin_return_address(0));
}
/* each instrumented source calls this when the program starts */
extern "C" void __tsan_init(void)
{
    emu::checks_on = true;
}
/* the rest of what the instrumentation calls: nothing to do here */
extern "C" void __tsan_func_entry(void *) {}
extern "C" void __tsan_func_exit(void) {}
extern "C" void __tsan_vptr_update(void **, void *) {}
extern "C" void __tsan_vptr_read(void **) {}
