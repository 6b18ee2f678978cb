/* cpu_reduce_native.c - cpu_reduce.c compiled once more, for this machine's
 * instruction set (-march=native), for the CPU benchmark only. The library
 * itself stays portable; the bits are the same either way, because every
 * vector addition is the same eight IEEE additions whatever the width of
 * the registers that carry them (and nothing is contracted into an FMA). */
#include "cpu_reduce.c"
