/* flood.c - appended to a submitted tree_sum.c by test_kits.sh (case flood): 60 MiB of short
 * lines on stdout in every run, before the program's own output. */
#include <stdio.h>

__attribute__((constructor)) static void flood_main(void)
{
    for (long i = 0; i < 60L * 1024 * 1024 / 8; i++)
        fputs("0123456\n", stdout);
}
