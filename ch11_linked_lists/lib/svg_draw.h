/* svg_draw.h - the few SVG shapes the chapter's figures are made of:
 * labelled boxes, text and arrows. The programs draw their figures from
 * their own traces with these (--svg), so a figure shows what ran. */
#ifndef CH11_SVG_DRAW_H
#define CH11_SVG_DRAW_H

#include <stdio.h>

/* The document: width x height pixels, white background, one arrowhead
 * marker that svg_arrow and svg_arc use. */
void svg_begin(FILE *out, int width, int height);
void svg_end(FILE *out);

/* Text at (x, y); anchor is "start", "middle" or "end". */
void svg_text(FILE *out, double x, double y, const char *anchor, int size, const char *color, const char *format, ...)
    __attribute__((format(printf, 7, 8)));

/* A box with its top-left corner at (x, y); stroke_width 1 is a thin
 * border, larger marks the box. */
void svg_box(FILE *out, double x, double y, double w, double h, const char *fill, double stroke_width);

/* A straight arrow from (x1, y1) to (x2, y2). */
void svg_arrow(FILE *out, double x1, double y1, double x2, double y2, const char *color);

/* An arrow from (x1, y) to (x2, y) that bows `rise` pixels above y (below
 * for a negative rise): the picture of one `next` link in a row of nodes. */
void svg_arc(FILE *out, double x1, double x2, double y, double rise, const char *color);

/* A fill colour for group g (sublists, rounds): a small palette, repeated. */
const char *svg_group_color(int g);

#endif
