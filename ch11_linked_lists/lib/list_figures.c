/* list_figures.c - see list_figures.h. Every figure is a few rows of boxes,
 * one box per node (or array slot), with arrows for the links. */
#include "list_figures.h"
#include "svg_draw.h"

#include <stddef.h>
#include <stdlib.h>

#define LABEL_W 128 /* the row labels on the left */
#define BOX_H 28
#define MARGIN 16
#define DONE_FILL "#d9ead3"   /* next = -1: the node reaches the end */
#define LINKED_FILL "#cfe2f3" /* the node still has a successor */

static double cell_w(int32_t n)
{
    return n <= 8 ? 56 : n <= 16 ? 34 : 22;
}

static double box_x(int32_t i, int32_t n)
{
    return LABEL_W + i * cell_w(n);
}

static double box_mid(int32_t i, int32_t n)
{
    return box_x(i, n) + (cell_w(n) - 6) / 2;
}

static int figure_width(int32_t n)
{
    return (int)(LABEL_W + n * cell_w(n) + MARGIN);
}

/* A box for node (or slot) i of a row whose top is y, with a number in it. */
static void node_box(FILE *out, int32_t i, int32_t n, double y, const char *fill, double stroke, int value)
{
    svg_box(out, box_x(i, n), y, cell_w(n) - 6, BOX_H, fill, stroke);
    svg_text(out, box_mid(i, n), y + BOX_H / 2 + 5, "middle", 13, "#000", "%d", value);
}

/* The link from box i to box j of the row at y: over the row when it goes
 * right, under it when it goes left, higher for longer jumps. */
static void link_arc(FILE *out, int32_t i, int32_t j, int32_t n, double y, double max_rise)
{
    const int32_t span = j > i ? j - i : i - j;
    double rise = 8 + 6 * span;
    if (rise > max_rise)
        rise = max_rise;
    if (j > i)
        svg_arc(out, box_mid(i, n) + 3, box_mid(j, n) - 3, y, rise, "#333");
    else
        svg_arc(out, box_mid(i, n) - 3, box_mid(j, n) + 3, y + BOX_H, -rise, "#333");
}

static void index_row(FILE *out, int32_t n, double y, const char *label)
{
    svg_text(out, LABEL_W - 10, y, "end", 12, "#555", "%s", label);
    for (int32_t i = 0; i < n; i++)
        svg_text(out, box_mid(i, n), y, "middle", 11, "#555", "%d", (int)i);
}

void draw_access(FILE *out, int32_t n, const int32_t *visit)
{
    int32_t *step = malloc((size_t)n * sizeof *step);
    if (step == NULL)
        return;
    for (int32_t k = 0; k < n; k++)
        step[visit[k]] = k;
    const double top = 112, gap = 180;
    svg_begin(out, figure_width(n), (int)(top + gap + BOX_H + 80));
    svg_text(out, MARGIN, 22, "start", 13, "#000",
             "The number in a cell is the step that reads it; arrows join consecutive steps.");
    for (int row = 0; row < 2; row++) {
        const double y = top + row * gap;
        svg_text(out, MARGIN, y - 64, "start", 13, "#000", "%s",
                 row == 0 ? "array a[]: step k reads a[k], address a + 4k, known before any load"
                          : "list node pool: step k reads the node whose index step k - 1 loaded");
        index_row(out, n, y - 44, row == 0 ? "element" : "node (index)");
        for (int32_t i = 0; i < n; i++)
            node_box(out, i, n, y, row == 0 ? LINKED_FILL : svg_group_color(1), 1, row == 0 ? (int)i : (int)step[i]);
        for (int32_t k = 0; k + 1 < n; k++)
            link_arc(out, row == 0 ? k : visit[k], row == 0 ? k + 1 : visit[k + 1], n, y, 34);
        svg_text(out, LABEL_W - 10, y + BOX_H + 52, "end", 12, "#555", "byte offset");
        for (int32_t i = 0; i < n; i++)
            svg_text(out, box_mid(i, n), y + BOX_H + 52, "middle", 10, "#555", "%d", (int)(i * (row == 0 ? 4 : 8)));
    }
    svg_text(out, box_mid(visit[0], n), top + gap + BOX_H + 66, "middle", 11, "#000", "head");
    svg_end(out);
    free(step);
}

void draw_jump_rounds(FILE *out, int32_t n, int rounds, const int32_t *next, const int32_t *dist, int stride)
{
    const double top = 110, row_h = 104;
    svg_begin(out, figure_width(n), (int)(top + (rounds + 1) * row_h + 10));
    svg_text(out, MARGIN, 22, "start", 13, "#000", "Box: dist[i], the hops from node i to next[i]; arrow: next[i].");
    svg_text(out, MARGIN, 40, "start", 13, "#000", "Green: next[i] = -1, so dist[i] is node i's distance to the end.");
    index_row(out, n, top - 50, "node");
    for (int r = 0; r <= rounds; r++) {
        const double y = top + r * row_h;
        const int32_t *nx = next + (size_t)r * stride, *d = dist + (size_t)r * stride;
        if (r == 0)
            svg_text(out, LABEL_W - 10, y + BOX_H / 2 + 5, "end", 13, "#000", "start");
        else
            svg_text(out, LABEL_W - 10, y + BOX_H / 2 + 5, "end", 13, "#000", "after round %d", r);
        for (int32_t i = 0; i < n; i++)
            if (nx[i] != LIST_NULL)
                link_arc(out, i, nx[i], n, y, 40);
        for (int32_t i = 0; i < n; i++)
            node_box(out, i, n, y, nx[i] == LIST_NULL ? DONE_FILL : LINKED_FILL, 1, (int)d[i]);
    }
    svg_end(out);
}

/* The ruler whose sublist holds node i, and whether i is that ruler. */
static int is_ruler(const ruling_set_run *run, int32_t i)
{
    return run->start[run->tag[i].sublist] == i;
}

/* Row 1: the pool in index order, cut into ruler slots of k indices. */
static void ruler_slots_row(FILE *out, const list *l, const ruling_set_run *run, double y)
{
    const int32_t n = l->n, k = run->sublist;
    svg_text(out, LABEL_W - 10, y + BOX_H / 2 + 5, "end", 12, "#000", "pool, by index");
    for (int32_t i = 0; i < n; i++) {
        node_box(out, i, n, y, svg_group_color(run->tag[i].sublist), is_ruler(run, i) ? 3 : 1, (int)i);
        if (is_ruler(run, i))
            svg_text(out, box_mid(i, n), y - 6, "middle", 11, "#000", "R%d", (int)run->tag[i].sublist);
    }
    for (int32_t s = 0; s < run->slots; s++) {
        const int32_t last = (s + 1) * k < n ? (s + 1) * k - 1 : n - 1;
        const double x1 = box_x(s * k, n), x2 = box_x(last, n) + cell_w(n) - 6;
        fprintf(out, "<path d=\"M%.1f,%.1f v6 H%.1f v-6\" fill=\"none\" stroke=\"#777\"/>\n", x1, y + BOX_H + 4, x2);
        svg_text(out, (x1 + x2) / 2, y + BOX_H + 22, "middle", 11, "#555", "slot %d", (int)s);
    }
}

/* Row 2: the same nodes in list order, each with its local rank; row 3:
 * the rulers' list under the sublists they start. */
static void sublists_row(FILE *out, const list *l, const ruling_set_run *run, double y)
{
    const int32_t n = l->n;
    svg_text(out, LABEL_W - 10, y + BOX_H / 2 + 5, "end", 12, "#000", "list, head to tail");
    svg_text(out, LABEL_W - 10, y + BOX_H + 16, "end", 11, "#555", "local rank");
    int32_t p = 0;
    for (int32_t cur = l->head; cur != LIST_NULL; cur = l->node[cur].next, p++) {
        node_box(out, p, n, y, svg_group_color(run->tag[cur].sublist), is_ruler(run, cur) ? 3 : 1, (int)cur);
        svg_text(out, box_mid(p, n), y + BOX_H + 16, "middle", 11, "#555", "%d", (int)run->tag[cur].local);
        if (is_ruler(run, cur))
            svg_text(out, box_mid(p, n), y - 6, "middle", 11, "#000", "R%d", (int)run->tag[cur].sublist);
    }
    const double yr = y + 84;
    svg_text(out, LABEL_W - 10, yr + BOX_H / 2 + 5, "end", 12, "#000", "rulers' list");
    svg_text(out, LABEL_W - 10, yr + BOX_H + 16, "end", 11, "#555", "sublist length");
    svg_text(out, LABEL_W - 10, yr + BOX_H + 32, "end", 11, "#555", "to the end");
    p = 0;
    int32_t prev = -1;
    for (int32_t cur = l->head; cur != LIST_NULL; cur = l->node[cur].next, p++) {
        if (!is_ruler(run, cur))
            continue;
        const int32_t j = run->tag[cur].sublist;
        node_box(out, p, n, yr, svg_group_color(j), 3, (int)j);
        svg_text(out, box_mid(p, n), yr + BOX_H + 16, "middle", 11, "#000", "%d", (int)run->length[j]);
        svg_text(out, box_mid(p, n), yr + BOX_H + 32, "middle", 11, "#000", "%d", (int)run->to_end[j]);
        if (prev >= 0)
            svg_arrow(out, box_x(prev, n) + cell_w(n) - 6, yr + BOX_H / 2, box_x(p, n), yr + BOX_H / 2, "#333");
        prev = p;
    }
}

void draw_ruling_set(FILE *out, const list *l, const ruling_set_run *run)
{
    const double top = 86;
    svg_begin(out, figure_width(l->n), (int)(top + 270));
    svg_text(out, MARGIN, 22, "start", 13, "#000", "Colour: the sublist a node belongs to. Thick: a ruler (R j).");
    svg_text(out, MARGIN, 40, "start", 13, "#000",
             "%d nodes, one ruler slot per %d indices, %d rulers, ranked in %d rounds.", (int)l->n, (int)run->sublist,
             (int)run->rulers, run->rounds);
    ruler_slots_row(out, l, run, top);
    sublists_row(out, l, run, top + 92);
    svg_end(out);
}

void draw_scatter(FILE *out, const list *l, const int32_t *dist, const int32_t *array)
{
    const int32_t n = l->n;
    const double top = 70, bottom = 220;
    svg_begin(out, figure_width(n), (int)(bottom + 70));
    svg_text(out, MARGIN, 22, "start", 13, "#000",
             "Node i writes its value to slot n - 1 - dist[i]: one write each, no two alike.");
    index_row(out, n, top - 8, "node");
    svg_text(out, LABEL_W - 10, top + BOX_H / 2 + 5, "end", 12, "#000", "value");
    svg_text(out, LABEL_W - 10, top + BOX_H + 16, "end", 11, "#555", "dist to end");
    for (int32_t i = 0; i < n; i++) {
        node_box(out, i, n, top, LINKED_FILL, 1, (int)l->node[i].value);
        svg_text(out, box_mid(i, n), top + BOX_H + 16, "middle", 11, "#555", "%d", (int)dist[i]);
        const int32_t slot = n - 1 - dist[i];
        if (slot >= 0 && slot < n)
            svg_arrow(out, box_mid(i, n), top + BOX_H + 22, box_mid(slot, n), bottom - 2, "#333");
    }
    svg_text(out, LABEL_W - 10, bottom + BOX_H / 2 + 5, "end", 12, "#000", "array[slot]");
    for (int32_t s = 0; s < n; s++)
        node_box(out, s, n, bottom, DONE_FILL, 1, (int)array[s]);
    index_row(out, n, bottom + BOX_H + 16, "slot");
    svg_end(out);
}

/* The splitter that sublist j of the trace starts from is node i. */
static int is_splitter(const sublists_trace *tr, int32_t i)
{
    return tr->start[tr->tag[i].sublist] == i;
}

void draw_sublists(FILE *out, const list *l, const sublists_trace *tr)
{
    const int32_t n = l->n;
    const double top = 92, thread_gap = 76, first_thread = top + 100;
    svg_begin(out, figure_width(n), (int)(first_thread + (tr->threads - 1) * thread_gap + BOX_H + 16));
    svg_text(out, MARGIN, 22, "start", 13, "#000",
             "%d nodes, %d sublists (one splitter per %d indices), walked by %d threads.", (int)n, (int)tr->sublists,
             (int)tr->spacing, tr->threads);
    svg_text(out, MARGIN, 40, "start", 13, "#000",
             "Colour: the sublist. Thick: its splitter (S j). A thread's row: the node each hop tags, in order;");
    svg_text(out, MARGIN, 58, "start", 13, "#000",
             "end: the hop that reads the next splitter (or the tail) and stops.");
    svg_text(out, LABEL_W - 10, top + BOX_H / 2 + 5, "end", 12, "#000", "list, head to tail");
    svg_text(out, LABEL_W - 10, top + BOX_H + 16, "end", 11, "#555", "walked by");
    int32_t p = 0;
    for (int32_t cur = l->head; cur != LIST_NULL; cur = l->node[cur].next, p++) {
        const int32_t j = tr->tag[cur].sublist;
        node_box(out, p, n, top, svg_group_color(j), is_splitter(tr, cur) ? 3 : 1, (int)cur);
        svg_text(out, box_mid(p, n), top + BOX_H + 16, "middle", 11, "#555", "t%d", (int)tr->owner[j]);
        if (is_splitter(tr, cur))
            svg_text(out, box_mid(p, n), top - 6, "middle", 11, "#000", "S%d", (int)j);
    }
    for (int t = 0; t < tr->threads; t++) {
        const double y = first_thread + t * thread_gap;
        const sublists_hop_log *log = &tr->log[t];
        svg_text(out, LABEL_W - 10, y + BOX_H / 2 + 5, "end", 12, "#000", "thread %d", t);
        svg_text(out, LABEL_W - 10, y - 8, "end", 11, "#555", "hop");
        for (int32_t h = 0; h < log->hops && h < n; h++) {
            svg_text(out, box_mid(h, n), y - 8, "middle", 11, "#555", "%d", (int)h);
            if (log->node[h] != LIST_NULL) {
                node_box(out, h, n, y, svg_group_color(log->sublist[h]), 1, (int)log->node[h]);
            } else {
                svg_box(out, box_x(h, n), y, cell_w(n) - 6, BOX_H, svg_group_color(log->sublist[h]), 1);
                svg_text(out, box_mid(h, n), y + BOX_H / 2 + 4, "middle", 10, "#000", "end");
            }
        }
    }
    svg_end(out);
}

#define SECTOR_BYTES 32
#define SECTOR_FILL "#f9cb9c" /* a sector the gather fetches */

/* One row of 4-byte fields at byte offsets 0, 4, ... (px_per_byte wide
 * each byte), values[k] in field k; the fields in sector `hit` are
 * shaded, field `used` (or -1) drawn thick. Brackets mark the sectors. */
static void field_row(FILE *out, double y, const char *label, const int32_t *values, int32_t fields, double px_per_byte,
                      int64_t hit, int32_t used)
{
    const double w = 4 * px_per_byte;
    svg_text(out, LABEL_W - 10, y + BOX_H / 2 + 5, "end", 12, "#000", "%s", label);
    for (int32_t k = 0; k < fields; k++) {
        const int in_hit = (4 * (int64_t)k) / SECTOR_BYTES == hit;
        svg_box(out, LABEL_W + k * w, y, w, BOX_H, in_hit ? SECTOR_FILL : "#fff", k == used ? 3 : 1);
        svg_text(out, LABEL_W + k * w + w / 2, y + BOX_H / 2 + 5, "middle", 11, "#000", "%d", (int)values[k]);
    }
    for (int64_t first = 0; first < 4 * (int64_t)fields; first += SECTOR_BYTES) {
        const double x1 = LABEL_W + first * px_per_byte + 2, x2 = LABEL_W + (first + SECTOR_BYTES) * px_per_byte - 2;
        fprintf(out, "<path d=\"M%.1f,%.1f v6 H%.1f v-6\" fill=\"none\" stroke=\"#777\"/>\n", x1, y + BOX_H + 4, x2);
        svg_text(out, (x1 + x2) / 2, y + BOX_H + 20, "middle", 10, "#555", "sector %d (32 B)",
                 (int)(first / SECTOR_BYTES));
    }
}

void draw_packed_layout(FILE *out, const list *l, const jump_link *start)
{
    const int32_t n = l->n, h = l->head, s = start[h].next;
    const double pb = 96.0 / n;                         /* pixels per byte: the packed row is 768 px wide */
    int32_t *row = malloc(4 * (size_t)n * sizeof *row); /* next, dist, then the packed pairs */
    if (row == NULL)
        return;
    int32_t *next = row, *dist = row + n, *packed = row + 2 * (size_t)n;
    for (int32_t i = 0; i < n; i++) { /* the two-array version starts from the same pairs */
        next[i] = start[i].next;
        dist[i] = start[i].dist;
    }
    /* The byte offsets of what the head's thread reads, from the real
     * layouts: next_in[s] and dist_in[s] in two arrays, in[s] in one. */
    const int64_t two_sector = (int64_t)((const char *)&next[s] - (const char *)next) / SECTOR_BYTES;
    const int64_t packed_next = (const char *)&start[s].next - (const char *)start;
    const int64_t packed_dist = (const char *)&start[s].dist - (const char *)start;
    const int packed_sectors = 1 + (packed_next / SECTOR_BYTES != packed_dist / SECTOR_BYTES);
    for (int32_t i = 0; i < n; i++) {
        packed[2 * i] = start[i].next;
        packed[2 * i + 1] = start[i].dist;
    }
    const double top = 96, gap = 84;
    svg_begin(out, (int)(LABEL_W + 8 * n * pb + MARGIN), (int)(top + 3 * gap + 76));
    svg_text(out, MARGIN, 22, "start", 13, "#000",
             "Round 1, the thread of the head (node %d): its successor is s = %d; it reads s's next and dist.", (int)h,
             (int)s);
    svg_text(out, MARGIN, 40, "start", 13, "#000",
             "Orange: the 32-byte sectors that read fetches from memory. Thick: the 4-byte fields it uses.");
    for (int a = 0; a < 2; a++) {
        const double y = top + a * gap;
        for (int32_t i = 0; i < n; i++)
            svg_text(out, LABEL_W + (4 * i + 2) * pb, y - 6, "middle", 10, "#555", "%d", (int)i);
        field_row(out, y, a == 0 ? "two arrays: next_in" : "dist_in", a == 0 ? next : dist, n, pb, two_sector, s);
    }
    const double yp = top + 2 * gap + 18;
    for (int32_t i = 0; i < n; i++)
        svg_text(out, LABEL_W + (8 * i + 4) * pb, yp - 6, "middle", 10, "#555", "%d", (int)i);
    field_row(out, yp, "packed: in[i]", packed, 2 * n, pb, packed_next / SECTOR_BYTES, 2 * s);
    svg_box(out, LABEL_W + (packed_dist / 4) * 4 * pb, yp, 4 * pb, BOX_H, "none", 3); /* the dist half, thick too */
    svg_text(out, LABEL_W - 10, yp + BOX_H + 36, "end", 11, "#555", "in each pair");
    svg_text(out, LABEL_W + 2 * pb, yp + BOX_H + 36, "start", 11, "#555", "left: next, right: dist");
    svg_text(out, MARGIN, yp + BOX_H + 60, "start", 13, "#000",
             "Two arrays: 2 sectors, %d bytes fetched for 8 used. Packed: %d sector%s, %d bytes fetched for 8 used.",
             2 * SECTOR_BYTES, packed_sectors, packed_sectors == 1 ? "" : "s", packed_sectors * SECTOR_BYTES);
    svg_end(out);
    free(row);
}
