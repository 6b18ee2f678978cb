/* walk_draw.h - the chapter's structure figures, printed from a block walk
 * (block_walk.h) and from the loop of the warp tree: the figures show what
 * the code does because the code is what draws them. */
#ifndef REDUCED_OPS_WALK_DRAW_H
#define REDUCED_OPS_WALK_DRAW_H

#include <stdio.h>

#include "block_walk.h"

/* SVG, 600 px wide: one panel per walk (an output per row, a term k per
 * column); each cell names the thread that forms the term, coloured by the
 * thread or warp that owns the output. */
void walk_draw_svg(FILE *out, const char *title, const block_walk *walks[], const char *labels[], int n_walks);

/* Graphviz DOT: the warp tree for one output of a warp-per-output walk.
 * Leaves are the 32 lanes with the terms the walk gave them; then one
 * column per offset 16, 8, 4, 2, 1 with p[l] + p[l + offset] for l < offset.
 * Solid edges keep a lane's own value, dashed ones bring the value that
 * __shfl_down_sync moves from lane l + offset. */
void walk_draw_tree_dot(FILE *out, const block_walk *w, int output);

/* Text: which lanes p[l] holds after each step of the one-thread tree
 * (p[l] += p[l + offset] for l < offset). Returns 1 when p[0] ends with
 * every lane exactly once. */
int walk_print_registers(FILE *out);

/* SVG, 600 px wide: how the symmetric mappings deal the lower triangle of
 * an n x n result (tri_walk, block_walk.h). Left: the fold of
 * lower_triangle_cell, rectangle row t / n and column t mod n holding the
 * cell (i, j) that t names. Middle: the n x n result, each cell j <= i
 * coloured by its owner (numbered directly) and labelled with its turn in
 * that owner. Right: the same for the walk that skips the upper indices,
 * pale cells being the upper ones an owner steps past. Returns 1 when both
 * walks compute every cell of the triangle exactly once. */
int walk_draw_triangle_svg(FILE *out, const tri_walk *numbered, const tri_walk *skipping, int threads);

#endif
