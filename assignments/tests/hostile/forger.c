/* forger.c - appended to a submitted file by test_kits.sh (case forger): what every submission
 * can do from inside the program it is linked into, with no solution at all. Before main, it
 * looks its own command up in the kit's tests.list (the work tree is readable): for a golden
 * test it prints the public golden, for an exit test the text that test wants, for a plain
 * test every `verdict:` text of the points lines as a confirmed self-check, and exits with the
 * status wanted; a run the kit does not list (a hidden test) runs the stubs and exits 0 all
 * the same. Only hidden outputs that the stubs get wrong resist it: hidden goldens, hidden
 * variants and gates (the gate lines of assignments/CH.md). test_kits.sh appends it to the fixture's
 * tree_sum.c, test_chapter_kit.sh (forger) to every submitted C/C++ file of a chapter's kit. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void forge_zero(void)
{
    _exit(0);
}

static size_t forge_read(const char *path, char *buf, size_t cap)
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

__attribute__((constructor)) static void forge_main(void)
{
    static char cmd[4096], me[4096], chapter[256], path[512], list[1 << 16], file[1 << 20];
    size_t n = forge_read("/proc/self/cmdline", cmd, sizeof cmd), len = 0;
    for (size_t i = 0; i < n; i++)
        me[len++] = cmd[i] ? cmd[i] : ' ';
    while (len && me[len - 1] == ' ')
        me[--len] = 0;
    /* me: BUILD/CHAPTER/PROGRAM ARGS...; compare from the chapter on (build/ or build-cpu/) */
    const char *mine = strchr(me, '/');
    if (!mine || sscanf(mine + 1, "%255[^/]", chapter) != 1)
        return;
    mine++;
    snprintf(path, sizeof path, "%s/tests.list", chapter);
    if (!forge_read(path, list, sizeof list))
        return;
    int known = 0;
    for (char *line = strtok(list, "\n"); line; line = strtok(NULL, "\n")) {
        char *g = strstr(line, "tools/expect_output.sh "), *x = strstr(line, "tools/expect_exit.sh ");
        char *dash = strstr(line, " -- build/"), *plain = strstr(line, " build/");
        if (!g && !x && plain) { /* a plain test: is it this run? */
            const char *theirs = strchr(plain + 1, '/') + 1;
            size_t tl = strlen(theirs);
            while (tl && theirs[tl - 1] == ' ')
                tl--;
            known |= tl == strlen(mine) && !strncmp(theirs, mine, tl);
            continue;
        }
        if ((!g && !x) || !dash)
            continue;
        const char *theirs = strchr(dash + 4, '/') + 1;
        size_t tl = strlen(theirs);
        while (tl && theirs[tl - 1] == ' ')
            tl--;
        if (tl != strlen(mine) || strncmp(theirs, mine, tl))
            continue;
        if (x) { /* tools/expect_exit.sh CODE "TEXT" -- CMD: print TEXT, exit CODE */
            int code = 0;
            char text[1024] = "";
            sscanf(x + strlen("tools/expect_exit.sh "), "%d \"%1023[^\"]", &code, text);
            puts(text);
            fflush(stdout);
            _exit(code);
        }
        g += strlen("tools/expect_output.sh ");
        *strchr(g, ' ') = 0;
        size_t k = forge_read(g, file, sizeof file);
        fwrite(file, 1, k, stdout);
        fflush(stdout);
        _exit(0);
    }
    if (!known) { /* a run the kit does not list (a hidden test): the stub runs, the status is 0 */
        atexit(forge_zero);
        return;
    }
    snprintf(path, sizeof path, "assignments/%s.md", chapter); /* its `points` lines */
    forge_read(path, list, sizeof list);
    for (char *line = strtok(list, "\n"); line; line = strtok(NULL, "\n")) {
        char *v = strstr(line, "verdict: "), *hash;
        if (!v || strncmp(line, "points ", 7) != 0)
            continue;
        v += strlen("verdict: ");
        if ((hash = strchr(v, '#')))
            *hash = 0;
        for (size_t vl = strlen(v); vl && v[vl - 1] == ' '; vl--)
            v[vl - 1] = 0;
        printf("self-check: %s: confirmed\n", v);
    }
    fflush(stdout);
    _exit(0);
}
