/* tree_figures.c - see tree_figures.h. */
#include "tree_figures.h"

#include <stdlib.h>
#include <string.h>

/* Geometry of the level picture, in SVG pixels. */
#define SVG_WIDTH 600
#define SVG_BAR_X 20
#define SVG_BAR_MAX 520 /* the widest level: every value */
#define SVG_ROW 50
#define SVG_TOP 44
#define SVG_CARRY 10 /* the carried value is drawn at a readable size */

static void svg_barrier(FILE *out, int y, int number, int first)
{
    fprintf(out,
            "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#d62728\" "
            "stroke-width=\"1.5\" stroke-dasharray=\"6,3\"/>\n",
            SVG_BAR_X, y, SVG_WIDTH - 10, y);
    fprintf(out,
            "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" fill=\"#d62728\" font-size=\"11\">"
            "__syncthreads() %d%s</text>\n",
            SVG_WIDTH - 10, y - 3, number, first ? " (after the loads)" : "");
}

static const char *plural(long long count)
{
    return count == 1 ? "" : "s";
}

/* A bar as wide as the level's values, with its carried value in orange. */
static void svg_level(FILE *out, int y, int k, const tree_level *lv, long long n)
{
    int width = (int)((double)SVG_BAR_MAX * (double)lv->elements_before / (double)n + 0.5);
    if (width < 2)
        width = 2;
    fprintf(out,
            "<text x=\"%d\" y=\"%d\" font-size=\"12\">level %d: %lld values, "
            "%lld addition%s%s, %lld value%s left</text>\n",
            SVG_BAR_X, y + 16, k, lv->elements_before, lv->additions, plural(lv->additions),
            lv->odd_carry ? ", 1 value carried" : "", lv->elements_after, plural(lv->elements_after));
    fprintf(out,
            "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"12\" fill=\"#9ecae1\" "
            "stroke=\"#3182bd\"/>\n",
            SVG_BAR_X, y + 22, width);
    if (lv->odd_carry) {
        fprintf(out,
                "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"12\" fill=\"#ff7f0e\" "
                "stroke=\"#a04000\"/>\n",
                SVG_BAR_X + width, y + 22, SVG_CARRY);
        fprintf(out,
                "<text x=\"%d\" y=\"%d\" font-size=\"11\" fill=\"#a04000\">odd value out: "
                "carried, no addition</text>\n",
                SVG_BAR_X + width + SVG_CARRY + 6, y + 32);
    }
}

void tree_levels_svg(FILE *out, const tree_trace *t)
{
    const long long n = t->span ? t->level[0].elements_before : 1;
    const int height = SVG_TOP + SVG_ROW * t->span + 40;
    fprintf(out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
            "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">\n",
            SVG_WIDTH, height, SVG_WIDTH, height);
    fprintf(out, "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n");
    fprintf(out,
            "<text x=\"%d\" y=\"20\" font-size=\"14\" font-weight=\"bold\">N = %lld: "
            "%d levels, %lld additions, %d barriers</text>\n",
            SVG_BAR_X, n, t->span, t->work, t->span);
    for (int k = 0; k < t->span; k++) {
        const int y = SVG_TOP + SVG_ROW * k;
        svg_barrier(out, y, k + 1, k == 0);
        svg_level(out, y, k, &t->level[k], n);
    }
    const int y = SVG_TOP + SVG_ROW * t->span;
    fprintf(out,
            "<text x=\"%d\" y=\"%d\" font-size=\"12\" font-weight=\"bold\">1 value left: "
            "the sum %lld</text>\n</svg>\n",
            SVG_BAR_X, y + 20, t->sum);
}

/* Replays t: the values of level k+1 are the pairs of level k, plus the
 * carried last value when t says the level had one. */
static void dot_level(FILE *out, int k, const tree_level *lv, long long *values)
{
    const long long pairs = lv->additions, m = lv->elements_before;
    for (long long i = 0; i < pairs; i++) {
        values[i] = values[2 * i] + values[2 * i + 1];
        fprintf(out, "  v%d_%lld [label=\"%lld\"];\n", k + 1, i, values[i]);
        fprintf(out, "  v%d_%lld -> v%d_%lld; v%d_%lld -> v%d_%lld;\n", k, 2 * i, k + 1, i, k, 2 * i + 1, k + 1, i);
    }
    if (lv->odd_carry) {
        values[pairs] = values[m - 1];
        fprintf(out, "  v%d_%lld [label=\"%lld\", fillcolor=\"#ff7f0e\"];\n", k + 1, pairs, values[pairs]);
        fprintf(out, "  v%d_%lld -> v%d_%lld [style=dashed, color=\"#a04000\"];\n", k, m - 1, k + 1, pairs);
    }
}

/* One row per level, its values side by side in index order (flat invisible
 * edges fix the order), its label on the left. */
static void dot_row(FILE *out, int row, long long count, const char *label)
{
    fprintf(out, "  { rank=same; r%d [shape=plaintext, style=\"\", label=\"%s\"];", row, label);
    for (long long i = 0; i < count; i++)
        fprintf(out, " v%d_%lld;", row, i);
    fprintf(out, " }\n  r%d -> v%d_0 [style=invis];\n", row, row);
    for (long long i = 1; i < count; i++)
        fprintf(out, "  v%d_%lld -> v%d_%lld [style=invis];\n", row, i - 1, row, i);
    if (row > 0)
        fprintf(out, "  r%d -> r%d [style=invis];\n", row - 1, row);
}

int tree_dot(FILE *out, const long long *x, size_t n, const tree_trace *t)
{
    long long *values = malloc(n * sizeof *values);
    if (!values)
        return 0;
    memcpy(values, x, n * sizeof *x);
    fprintf(out, "digraph tree {\n  rankdir=TB; nodesep=0.12; ranksep=0.35;\n"
                 "  node [shape=box, style=filled, fillcolor=\"#9ecae1\", fontname=\"sans\", "
                 "fontsize=11, width=0.35, height=0.25, margin=0.03];\n  edge [arrowsize=0.5];\n");
    for (size_t i = 0; i < n; i++)
        fprintf(out, "  v0_%zu [label=\"%lld\", fillcolor=\"#eeeeee\"];\n", i, x[i]);
    char label[64];
    snprintf(label, sizeof label, "input: %zu values", n);
    dot_row(out, 0, (long long)n, label);
    for (int k = 0; k < t->span; k++) {
        dot_level(out, k, &t->level[k], values);
        snprintf(label, sizeof label, "level %d (barrier %d)", k, k + 1);
        dot_row(out, k + 1, t->level[k].elements_after, label);
    }
    fprintf(out, "}\n");
    const int same = values[0] == t->sum;
    free(values);
    return same;
}
