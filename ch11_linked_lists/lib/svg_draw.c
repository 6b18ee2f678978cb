/* svg_draw.c - see svg_draw.h. */
#include "svg_draw.h"

#include <stdarg.h>

void svg_begin(FILE *out, int width, int height)
{
    fprintf(out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\""
            " font-family=\"sans-serif\">\n",
            width, height, width, height);
    fprintf(out, "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\""
                 " markerHeight=\"7\" orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\""
                 " fill=\"#333\"/></marker></defs>\n");
    fprintf(out, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"white\"/>\n", width, height);
}

void svg_end(FILE *out)
{
    fprintf(out, "</svg>\n");
}

void svg_text(FILE *out, double x, double y, const char *anchor, int size, const char *color, const char *format, ...)
{
    fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" font-size=\"%d\" fill=\"%s\">", x, y, anchor, size,
            color);
    va_list ap;
    va_start(ap, format);
    vfprintf(out, format, ap); /* callers pass no '<' or '&' */
    va_end(ap);
    fprintf(out, "</text>\n");
}

void svg_box(FILE *out, double x, double y, double w, double h, const char *fill, double stroke_width)
{
    fprintf(out,
            "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\" stroke=\"#333\""
            " stroke-width=\"%.1f\"/>\n",
            x, y, w, h, fill, stroke_width);
}

void svg_arrow(FILE *out, double x1, double y1, double x2, double y2, const char *color)
{
    fprintf(out,
            "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"1.3\""
            " marker-end=\"url(#arrow)\"/>\n",
            x1, y1, x2, y2, color);
}

void svg_arc(FILE *out, double x1, double x2, double y, double rise, const char *color)
{
    /* a quadratic curve peaks at half its control point's height */
    fprintf(out,
            "<path d=\"M%.1f,%.1f Q%.1f,%.1f %.1f,%.1f\" fill=\"none\" stroke=\"%s\" stroke-width=\"1.3\""
            " marker-end=\"url(#arrow)\"/>\n",
            x1, y, (x1 + x2) / 2, y - 2 * rise, x2, y, color);
}

const char *svg_group_color(int g)
{
    static const char *palette[] = { "#cfe2f3", "#fce5cd", "#d9ead3", "#f4cccc",
                                     "#d9d2e9", "#fff2cc", "#d0e0e3", "#ead1dc" };
    const int count = (int)(sizeof palette / sizeof palette[0]);
    return palette[((g % count) + count) % count];
}
