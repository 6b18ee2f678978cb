/* classic_figure.h - the wiring diagram of a classic prefix network as SVG,
 * drawn from its own list of operations (classic_networks.h). */
#ifndef CANONICAL_SCAN_CLASSIC_FIGURE_H
#define CANONICAL_SCAN_CLASSIC_FIGURE_H

#include "classic_networks.h"

#include <stdio.h>

void classic_network_svg(FILE *out, classic_network net, size_t n, int exclusive);

#endif
