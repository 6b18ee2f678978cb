/* run_header.h - the lines every benchmark table starts with, so a table
 * pasted into RESULTS.md says where, when and how it was measured. */
#ifndef COMMON_RUN_HEADER_H
#define COMMON_RUN_HEADER_H

#ifdef __cplusplus
extern "C" {
#endif

/* Prints, as Markdown lines:
 *     device: NVIDIA H200 (sm_90, 132 SMs), L2 <queried> MiB
 *     host: <CPU model>, <N> hardware threads
 *     date: 2026-12-01 10:40 UTC
 *     command: `build/.../program --options`
 * followed by an empty line. */
void print_run_header(int argc, char **argv);

#ifdef __cplusplus
}
#endif

#endif
