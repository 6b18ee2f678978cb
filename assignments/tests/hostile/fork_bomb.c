/* fork_bomb.c - appended to a submitted tree_sum.c by test_kits.sh (case fork_bomb): once,
 * 300 processes, each in a session of its own (out of reach of a kill of the test's process
 * group), that sleep 60 s; their pids go to @DROP@/bomb.pids. Bounded, so that a test of it
 * cannot harm the machine it runs on. */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

__attribute__((constructor)) static void bomb_main(void)
{
    int lock = open("@DROP@/bomb.lock", O_CREAT | O_EXCL | O_WRONLY, 0644);
    if (lock < 0)
        return;
    close(lock);
    for (int i = 0; i < 300; i++) {
        pid_t p = fork();
        if (p == 0) {
            setsid();
            for (int k = 0; k < 3; k++)
                close(k);
            sleep(60);
            _exit(0);
        }
        if (p > 0) {
            FILE *f = fopen("@DROP@/bomb.pids", "a");
            if (f) {
                fprintf(f, "%d\n", (int)p);
                fclose(f);
            }
        }
    }
}
