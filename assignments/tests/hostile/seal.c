/* seal.c - appended to a submitted tree_sum.c by test_kits.sh (case sealed): while its tests
 * run, rewrite what the build left for later tests and later builds: the other program
 * (replaced by a script that fails, dated in the future so make keeps it), its object, and a
 * dependency file with a rule of its own. */
#include <stdio.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

static void seal_plant(const char *path, const char *text, unsigned mode)
{
    char tmp[600];
    snprintf(tmp, sizeof tmp, "%s.new", path);
    FILE *f = fopen(tmp, "w");
    if (!f)
        return;
    fputs(text, f);
    fclose(f);
    chmod(tmp, mode);
    struct timeval later[2] = { { 4000000000, 0 }, { 4000000000, 0 } };
    utimes(tmp, later);
    if (rename(tmp, path) != 0)
        unlink(tmp);
}

__attribute__((constructor)) static void seal_main(void)
{
    seal_plant("build/asg_fixture/other", "#!/bin/sh\nexit 1\n", 0755);
    seal_plant("build/obj/asg_fixture/other.c.o", "not an object\n", 0644);
    seal_plant("build/obj/asg_fixture/planted.d", "build/asg_fixture/other: ; @exit 1\n", 0644);
}
