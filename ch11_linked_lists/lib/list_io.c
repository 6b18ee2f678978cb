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

/* Copies len bytes of text into out as it can be shown on a terminal:
 * printable ASCII as it is, a backslash as \\, every other byte (a NUL, a
 * control character, the UTF-8 byte-order mark, binary garbage) as \xHH.
 * A long text is cut after a few dozen bytes and ends in "...". */
static void escape_shown(const char *text, size_t len, char *out, size_t out_size)
{
    const size_t max_shown = 48;
    size_t used = 0;
    for (size_t i = 0; i < len && i < max_shown && used + 5 < out_size; i++) {
        const unsigned char c = (unsigned char)text[i];
        if (c == '\\')
            used += (size_t)snprintf(out + used, out_size - used, "\\\\");
        else if (c >= 0x20 && c < 0x7f)
            out[used++] = (char)c;
        else
            used += (size_t)snprintf(out + used, out_size - used, "\\x%02x", c);
    }
    if (len > max_shown && used + 4 < out_size)
        used += (size_t)snprintf(out + used, out_size - used, "...");
    out[used] = '\0';
}

/* Why a word is not a number when the cause is invisible in an editor: a
 * UTF-8 byte-order mark, which some editors put before the first line. */
static const char *hint_for(const char *text)
{
    return strncmp(text, "\xef\xbb\xbf", 3) == 0 ? " (a UTF-8 byte-order mark: save the file without one)" : "";
}

/* Reads one line (up to and including '\n') into line, NUL-terminated.
 * Returns its length in bytes, 0 at the end of the file. *nul_at is the
 * column (from 1) of its first NUL byte, 0 if none -- fgets would silently
 * cut the line there. Returns size when the line does not fit. */
static size_t read_line(FILE *f, char *line, size_t size, long *nul_at)
{
    size_t len = 0;
    int c;
    *nul_at = 0;
    while ((c = getc(f)) != EOF) {
        if (len + 1 == size)
            return size;
        line[len++] = (char)c;
        if (c == '\0' && *nul_at == 0)
            *nul_at = (long)len;
        if (c == '\n')
            break;
    }
    line[len] = '\0';
    return len;
}

/* The line's first word that is not a number, escaped for the message. */
static int fail_word(char *err, size_t err_size, long count, const char *path, long line_no, const char *what,
                     const char *word, const char *expected)
{
    char shown[256];
    escape_shown(word, strlen(word), shown, sizeof shown);
    return fail(err, err_size, "node %ld (%s line %ld): %s '%s' is not %s%s", count, path, line_no, what, shown,
                expected, hint_for(word));
}

/* Reads the node line `value next` into node; 0 on success. */
static int read_node(char *line, list_node *node, char *err, size_t err_size, long count, const char *path,
                     long line_no)
{
    char *words[2];
    const int found = split_words(line, words, 2);
    long value, next;
    if (found != 2)
        return fail(err, err_size, "node %ld (%s line %ld): expected two numbers 'value next', found %s%d", count, path,
                    line_no, found > 2 ? "more than " : "", found > 2 ? 2 : found);
    if (parse_long(words[0], INT32_MIN, INT32_MAX, &value) != 0)
        return fail_word(err, err_size, count, path, line_no, "value", words[0], "a 32-bit integer");
    if (parse_long(words[1], INT32_MIN, INT32_MAX, &next) != 0)
        return fail_word(err, err_size, count, path, line_no, "next", words[1], "an integer");
    node->value = (int32_t)value;
    node->next = (int32_t)next;
    return 0;
}

/* Reads the line that holds N and allocates the list; 0 on success. */
static int read_n(char *line, list *l, long *n, char *err, size_t err_size, const char *path, long line_no)
{
    char shown[256]; /* the line as written, for messages */
    escape_shown(line, strcspn(line, "\r\n"), shown, sizeof shown);
    char *words[2];
    long value;
    if (split_words(line, words, 1) != 1 || parse_long(words[0], 0, LIST_MAX_NODES, &value) != 0)
        return fail(err, err_size, "%s line %ld: N must be one whole number in [1, %ld], got '%s'%s", path, line_no,
                    (long)LIST_MAX_NODES, shown, hint_for(line));
    if (value == 0)
        return fail(err, err_size, "%s line %ld: N = 0, but a list needs at least one node", path, line_no);
    if (list_alloc(l, (int32_t)value) != 0)
        return fail(err, err_size, "cannot allocate %ld nodes", value);
    *n = value;
    return 0;
}

int list_read_file(const char *path, list *l, char *err, size_t err_size)
{
    FILE *f = fopen(path, "r");
    if (f == NULL)
        return fail(err, err_size, "cannot open '%s': %s", path, strerror(errno));
    char line[512];
    long line_no = 0, n = -1, count = 0, nul_at;
    size_t len;
    int status = 0;
    l->node = NULL;
    while (status == 0 && (len = read_line(f, line, sizeof line, &nul_at)) > 0) {
        line_no++;
        if (len == sizeof line && n >= 0)
            status = fail(err, err_size, "node %ld (%s line %ld): line longer than %zu characters", count, path,
                          line_no, sizeof line - 2);
        else if (len == sizeof line)
            status = fail(err, err_size, "%s line %ld: line longer than %zu characters", path, line_no,
                          sizeof line - 2);
        else if (nul_at > 0 && n >= 0) /* before anything else: C strings end at a NUL */
            status = fail(err, err_size, "node %ld (%s): NUL byte at line %ld, column %ld (a list file is plain text)",
                          count, path, line_no, nul_at);
        else if (nul_at > 0)
            status = fail(err, err_size, "%s: NUL byte at line %ld, column %ld (a list file is plain text)", path,
                          line_no, nul_at);
        else if (is_ignored(line))
            continue;
        else if (n < 0) /* the first line that counts holds N */
            status = read_n(line, l, &n, err, err_size, path, line_no);
        else if (count == n)
            status = fail(err, err_size, "node %ld (%s line %ld): more node lines than N = %ld", count, path, line_no,
                          n);
        else if ((status = read_node(line, &l->node[count], err, err_size, count, path, line_no)) == 0)
            count++;
    }
    if (status == 0 && ferror(f))
        status = fail(err, err_size, "cannot read '%s': %s", path, strerror(errno));
    else if (status == 0 && n < 0)
        status = fail(err, err_size, "%s: missing N (no line holds the number of nodes)", path);
    else if (status == 0 && count < n)
        status = fail(err, err_size, "node %ld: missing (%s has %ld node lines, N = %ld)", count, path, count, n);
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
            status = fail(err, err_size, "node %d: next %d is out of range [-1, %d)", (int)i, (int)next, (int)n);
        else if (next != LIST_NULL && pred[next] != LIST_NULL)
            status = fail(err, err_size, "node %d: has two predecessors, nodes %d and %d", (int)next, (int)pred[next],
                          (int)i);
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
            status = fail(err, err_size, "node %d: more than one head (nodes %d and %d have no predecessor)", (int)i,
                          (int)head, (int)i);
        head = i;
    }
    if (status == 0 && head == LIST_NULL)
        status = fail(err, err_size, "node 0: no head -- every node has a predecessor, so the nodes form a cycle");
    if (status == 0) {
        /* With one head and in-degree <= 1, the walk from the head cannot
         * revisit a node; whatever it misses lies on a cycle of its own. */
        const int32_t visited = -2;
        int32_t steps = 0;
        for (int32_t cur = head; cur != LIST_NULL && steps < n; cur = l->node[cur].next, steps++)
            pred[cur] = visited;
        for (int32_t i = 0; i < n && status == 0; i++)
            if (pred[i] != visited)
                status = fail(err, err_size, "node %d: lies on a cycle (not reachable from the head, node %d)", (int)i,
                              (int)head);
    }
    free(pred);
    if (status == 0)
        l->head = head;
    return status;
}
