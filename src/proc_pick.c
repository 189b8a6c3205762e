/*
 * proc_pick.c — the pid another input names (proc_pick.h): a scan of a GC
 * log's first decorated lines, its file name, and the candidate list of a
 * cpu report.
 */
#include "proc_pick.h"
#include "reader.h"
#include "util.h"

#include <stdio.h>
#include <string.h>

static bool all_digits(const char *s, size_t n)
{
    while (n && s[n - 1] == ' ')
        n--;
    if (n == 0 || n > 10)
        return false;
    for (size_t i = 0; i < n; i++)
        if (s[i] < '0' || s[i] > '9')
            return false;
    return true;
}

static int64_t num(const char *s, size_t n)
{
    int64_t v = 0;
    for (size_t i = 0; i < n && s[i] >= '0' && s[i] <= '9'; i++)
        v = v * 10 + (s[i] - '0');
    return v;
}

/* "pid1234" in the file's base name (JDK 8 -Xloggc:gc-%p.log writes it so). */
static int64_t name_pid(const char *path)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    for (const char *p = strstr(base, "pid"); p; p = strstr(p + 1, "pid")) {
        size_t k = 0;
        while (p[3 + k] >= '0' && p[3 + k] <= '9')
            k++;
        if (k && k <= 10)
            return num(p + 3, k);
    }
    return 0;
}

int64_t proc_pick_gc_log_pid(const char *path)
{
    struct reader r;
    if (strcmp(path, "-") == 0 || reader_open(&r, path) != 0)
        return -1;
    const char *line;
    size_t len;
    int64_t single = 0, first_of_two = 0;
    bool single_varies = false;
    int lines = 0;
    while (lines < PROC_PICK_SCAN_LINES && reader_next(&r, &line, &len) == 1) {
        if (len == 0 || line[0] != '[')
            continue;
        lines++;
        /* the integers among the leading [decorators] */
        int64_t ints[2];
        int nint = 0;
        size_t i = 0;
        while (i < len && line[i] == '[') {
            const char *e = memchr(line + i, ']', len - i);
            if (!e)
                break;
            size_t a = i + 1, n = (size_t)(e - line) - a;
            if (all_digits(line + a, n) && nint < 2)
                ints[nint++] = num(line + a, n);
            i = (size_t)(e - line) + 1;
        }
        if (nint == 2) {
            first_of_two = ints[0];
        } else if (nint == 1) {
            if (single && single != ints[0])
                single_varies = true;
            single = ints[0];
        }
    }
    reader_close(&r);
    if (first_of_two > 0)
        return first_of_two;
    if (single > 0 && !single_varies)
        return single;
    return name_pid(path);
}

static bool is_jvm(const char *cmd)
{
    size_t n = strcspn(cmd, " ");
    const char *b = cmd;
    for (size_t k = n; k > 0; k--)
        if (cmd[k - 1] == '/') {
            b = cmd + k;
            n -= k;
            break;
        }
    return n == 4 && memcmp(b, "java", 4) == 0;
}

size_t proc_pick_candidates(const struct report_node *cpu_tree, struct proc_cand *out, size_t max)
{
    const struct report_node *pr = cpu_tree ? rn_get(cpu_tree, "processes") : NULL;
    size_t n = 0;
    for (const struct report_node *o = pr ? pr->first : NULL; o && n < max; o = o->next) {
        const struct report_node *pid = rn_get(o, "pid"), *cmd = rn_get(o, "command"), *m = rn_get(o, "cpu_mean_pct");
        if (!pid || pid->kind != RN_INT)
            continue;
        out[n].pid = pid->i;
        snprintf(out[n].command, sizeof out[n].command, "%s", cmd && cmd->kind == RN_STR ? cmd->s : "?");
        out[n].cpu_mean_pct = m ? rn_value(m) : 0;
        const struct report_node *sm = rn_get(o, "samples");
        out[n].samples = sm ? (int64_t)rn_value(sm) : 0;
        out[n].jvm = is_jvm(out[n].command);
        n++;
    }
    return n;
}

void proc_pick_list(const struct proc_cand *c, size_t n, bool jvm_only, char *buf, size_t len)
{
    size_t used = 0, shown = 0, total = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < n; i++)
        total += !jvm_only || c[i].jvm;
    for (size_t i = 0; i < n && used + 1 < len; i++) {
        if (jvm_only && !c[i].jvm)
            continue;
        if (shown == 10) {
            snprintf(buf + used, len - used, " and %zu more", total - shown);
            break;
        }
        shown++;
        int k = snprintf(buf + used, len - used, "%s%lld %s (%.1f %% CPU mean, %lld samples)", used ? ", " : "",
                         (long long)c[i].pid, c[i].command, c[i].cpu_mean_pct, (long long)c[i].samples);
        if (k < 0)
            break;
        used += (size_t)k < len - used ? (size_t)k : len - used - 1;
    }
}
