/* list_io.c - see list_io.h. */
#include "list_io.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fail(char *err, size_t err_size, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vsnprintf(err, err_size, format, args);
    va_end(args);
    return -1;
}

/* Splits line into at most max whitespace-separated words; returns the
 * number of words found (max + 1 means "more than max"). */
static int split_words(char *line, char **words, int max)
{
    int count = 0;
    char *p = line;
    for (;;) {
        while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
            p++;
        if (*p == '\0')
            return count;
        if (count == max)
            return max + 1;
        words[count++] = p;
        while (*p && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n')
            p++;
        if (*p)
            *p++ = '\0';
    }
}

/* A whole decimal integer in [lo, hi]; 0 on success. */
static int parse_long(const char *text, long lo, long hi, long *out)
{
    char *end = NULL;
    errno = 0;
    const long v = strtol(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0' || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

static int is_ignored(const char *line)
{
    while (*line == ' ' || *line == '\t' || *line == '\r')
        line++;
    return *line == '#' || *line == '\n' || *line == '\0';
}

int list_read_file(const char *path, list *l, char *err, size_t err_size)
{
    FILE *f = fopen(path, "r");
    if (f == NULL)
        return fail(err, err_size, "cannot open '%s': %s", path, strerror(errno));
    char line[512];
    long line_no = 0, n = -1, count = 0;
    int status = 0;
    l->node = NULL;
    while (status == 0 && fgets(line, sizeof line, f) != NULL) {
        line_no++;
        if (strchr(line, '\n') == NULL && !feof(f)) {
            if (n >= 0)
                status = fail(err, err_size, "node %ld (%s line %ld): line longer than %zu characters", count,
                              path, line_no, sizeof line - 2);
            else
                status = fail(err, err_size, "%s line %ld: line longer than %zu characters", path, line_no,
                              sizeof line - 2);
            break;
        }
        if (is_ignored(line))
            continue;
        char shown[64]; /* the line as written, for messages */
        snprintf(shown, sizeof shown, "%.*s", (int)strcspn(line, "\r\n"), line);
        char *words[2];
        const int found = split_words(line, words, 2);
        if (n < 0) { /* the first line that counts holds N */
            long value;
            if (found != 1 || parse_long(words[0], 0, LIST_MAX_NODES, &value) != 0) {
                status = fail(err, err_size,
                              "%s line %ld: N must be one whole number in [1, %ld], got '%s'", path,
                              line_no, (long)LIST_MAX_NODES, shown);
            } else if (value == 0) {
                status = fail(err, err_size, "%s line %ld: N = 0, but a list needs at least one node",
                              path, line_no);
            } else if (list_alloc(l, (int32_t)value) != 0) {
                status = fail(err, err_size, "cannot allocate %ld nodes", value);
            } else {
                n = value;
            }
            continue;
        }
        if (count == n) {
            status = fail(err, err_size, "node %ld (%s line %ld): more node lines than N = %ld", count,
                          path, line_no, n);
        } else if (found != 2) {
            status = fail(err, err_size,
                          "node %ld (%s line %ld): expected two numbers 'value next', found %s%d", count,
                          path, line_no, found > 2 ? "more than " : "", found > 2 ? 2 : found);
        } else {
            long value, next;
            if (parse_long(words[0], INT32_MIN, INT32_MAX, &value) != 0)
                status = fail(err, err_size, "node %ld (%s line %ld): value '%s' is not a 32-bit integer",
                              count, path, line_no, words[0]);
            else if (parse_long(words[1], INT32_MIN, INT32_MAX, &next) != 0)
                status = fail(err, err_size, "node %ld (%s line %ld): next '%s' is not an integer", count,
                              path, line_no, words[1]);
            else {
                l->node[count].value = (int32_t)value;
                l->node[count].next = (int32_t)next;
                count++;
            }
        }
    }
    if (status == 0 && ferror(f))
        status = fail(err, err_size, "cannot read '%s': %s", path, strerror(errno));
    else if (status == 0 && n < 0)
        status = fail(err, err_size, "%s: missing N (no line holds the number of nodes)", path);
    else if (status == 0 && count < n)
        status = fail(err, err_size, "node %ld: missing (%s has %ld node lines, N = %ld)", count, path,
                      count, n);
    fclose(f);
    if (status != 0)
        list_free(l);
    return status;
}

int list_validate(list *l, char *err, size_t err_size)
{
    const int32_t n = l->n;
    if (n < 1)
        return fail(err, err_size, "N = %d, but a list needs at least one node", (int)n);
    int32_t *pred = malloc((size_t)n * sizeof *pred);
    if (pred == NULL)
        return fail(err, err_size, "cannot allocate the predecessor table for %d nodes", (int)n);
    int status = 0;
    for (int32_t i = 0; i < n; i++)
        pred[i] = LIST_NULL;
    for (int32_t i = 0; i < n && status == 0; i++) {
        const int32_t next = l->node[i].next;
        if (next < LIST_NULL || next >= n)
            status = fail(err, err_size, "node %d: next %d is out of range [-1, %d)", (int)i, (int)next,
                          (int)n);
        else if (next != LIST_NULL && pred[next] != LIST_NULL)
            status = fail(err, err_size, "node %d: has two predecessors, nodes %d and %d", (int)next,
                          (int)pred[next], (int)i);
        else if (next != LIST_NULL)
            pred[next] = i;
    }
    /* Now every node has at most one predecessor. The heads are the nodes
     * with none; a valid list has exactly one. */
    int32_t head = LIST_NULL;
    for (int32_t i = 0; i < n && status == 0; i++) {
        if (pred[i] != LIST_NULL)
            continue;
        if (head != LIST_NULL)
            status = fail(err, err_size, "node %d: more than one head (nodes %d and %d have no predecessor)",
                          (int)i, (int)head, (int)i);
        head = i;
    }
    if (status == 0 && head == LIST_NULL)
        status = fail(err, err_size,
                      "node 0: no head -- every node has a predecessor, so the nodes form a cycle");
    if (status == 0) {
        /* With one head and in-degree <= 1, the walk from the head cannot
         * revisit a node; whatever it misses lies on a cycle of its own. */
        const int32_t visited = -2;
        int32_t steps = 0;
        for (int32_t cur = head; cur != LIST_NULL && steps < n; cur = l->node[cur].next, steps++)
            pred[cur] = visited;
        for (int32_t i = 0; i < n && status == 0; i++)
            if (pred[i] != visited)
                status = fail(err, err_size, "node %d: lies on a cycle (not reachable from the head, node %d)",
                              (int)i, (int)head);
    }
    free(pred);
    if (status == 0)
        l->head = head;
    return status;
}
