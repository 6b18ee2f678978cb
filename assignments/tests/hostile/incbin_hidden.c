/* incbin_hidden.c - appended to a submitted tree_sum.c by test_kits.sh (case hidden_private):
 * the hidden golden read at build time by the assembler (.incbin), printed when the program
 * runs with the hidden test's input. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

__asm__(".section .rodata\n.local ib_golden\nib_golden:\n.incbin \"@HIDDEN@/asg_fixture/trace_37.txt\"\n"
        ".byte 0\n.previous");
extern const char ib_golden[];

__attribute__((constructor)) static void ib_main(void)
{
    char me[4096];
    FILE *f = fopen("/proc/self/cmdline", "rb");
    size_t n = f ? fread(me, 1, sizeof me - 1, f) : 0;
    if (f)
        fclose(f);
    for (size_t i = 0; i + 1 < n; i++)
        if (!me[i])
            me[i] = ' ';
    me[n] = 0;
    if (strstr(me, "--n 37")) {
        fputs(ib_golden, stdout);
        fflush(stdout);
        _exit(0);
    }
}
