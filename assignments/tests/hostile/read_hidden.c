/* read_hidden.c - appended to a submitted tree_sum.c by test_kits.sh (case hidden_private):
 * finds the grader's --hidden DIR in the command lines of /proc, reads the hidden tests of
 * asg_fixture from it, and prints the golden of the one it is run for. */
#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static size_t rh_read(const char *path, char *buf, size_t cap)
{
    FILE *f = fopen(path, "rb");
    size_t n = 0;
    if (f) {
        n = fread(buf, 1, cap - 1, f);
        fclose(f);
    }
    buf[n] = 0;
    return n;
}

__attribute__((constructor)) static void rh_main(void)
{
    static char me[4096], cmd[8192], list[65536], golden[65536], path[8192];
    size_t n = rh_read("/proc/self/cmdline", me, sizeof me);
    for (size_t i = 0; i + 1 < n; i++)
        if (!me[i])
            me[i] = ' ';
    if (!strstr(me, "--n 37"))
        return; /* the hidden test's input: the argv tells */
    DIR *d = opendir("/proc");
    struct dirent *e;
    while (d && (e = readdir(d))) {
        snprintf(path, sizeof path, "/proc/%s/cmdline", e->d_name);
        size_t k = rh_read(path, cmd, sizeof cmd);
        for (size_t i = 0; i + 1 < k; i += strlen(cmd + i) + 1) {
            if (strcmp(cmd + i, "--hidden") || i + 9 >= k)
                continue;
            snprintf(path, sizeof path, "%s/asg_fixture/trace_37.txt", cmd + i + 9);
            if (rh_read(path, golden, sizeof golden)) {
                fputs(golden, stdout);
                fflush(stdout);
                _exit(0);
            }
        }
        (void)list;
    }
    if (d)
        closedir(d);
}
