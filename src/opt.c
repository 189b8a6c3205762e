/*
 * opt.c — the option tables of opt.h: argv parsing and --help from one
 * description. Value syntax is cli.c's (parse_duration_us and friends), so
 * a duration or a list means the same thing in every command.
 */
#include "opt.h"
#include "cli.h"
#include "util.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define HELP_LABEL_MAX 22 /* a longer label puts its help two spaces after it */

static const char *cmd_name; /* the command being parsed: messages point at its --help */

static void see_help(char *buf, size_t len)
{
    if (cmd_name)
        snprintf(buf, len, "see 'gclat %s --help'", cmd_name);
    else
        snprintf(buf, len, "see 'gclat help'");
}

_Noreturn void opt_bad(const struct opt *o, const char *value, const char *what, ...)
{
    char msg[2048]; /* --log-format lists the presets */
    va_list ap;
    va_start(ap, what);
    vsnprintf(msg, sizeof msg, what, ap);
    va_end(ap);
    die(EXIT_USAGE, "bad --%s '%s': %s", o->name, value ? value : "", msg);
}

static bool takes_value(const struct opt *o)
{
    return o->arg != NULL || o->kind == OPT_K_ENUM;
}

static void store_int(void *dst, size_t size, int64_t v)
{
    if (size == sizeof(int)) {
        int x = (int)v;
        memcpy(dst, &x, sizeof x);
    } else {
        memcpy(dst, &v, sizeof v); /* int64_t or size_t: the bounds keep v >= 0 for size_t */
    }
}

static int64_t stored_us(const struct opt *o, int64_t us)
{
    return o->store == OPT_STORE_NS ? us * 1000 : o->store == OPT_STORE_MS ? us / 1000 : us;
}

static void words_list(const struct opt_word *w, char *buf, size_t len, const char *sep)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int k = 0; w[k].word && used < len; k++)
        used += (size_t)snprintf(buf + used, len - used, "%s%s", k ? sep : "", w[k].word);
}

static void apply(const struct opt_cmd *cmd, const struct opt *o, void *base, const char *v)
{
    char name[80];
    snprintf(name, sizeof name, "--%s", o->name);
    char *dst = (char *)base + o->off;
    switch (o->kind) {
    case OPT_K_FLAG:
        *(bool *)(void *)dst = true;
        break;
    case OPT_K_SET:
        store_int(dst, o->size, o->set);
        break;
    case OPT_K_COUNT: {
        int x;
        memcpy(&x, dst, sizeof x);
        x++;
        memcpy(dst, &x, sizeof x);
        break;
    }
    case OPT_K_STR:
        *(const char **)(void *)dst = v;
        break;
    case OPT_K_FILES:
    case OPT_K_STRS: {
        const char ***arr = (const char ***)(void *)dst;
        size_t *n = (size_t *)(void *)((char *)base + o->off_n);
        *arr = xrealloc((void *)*arr, (*n + 1) * sizeof **arr);
        (*arr)[(*n)++] = v;
        break;
    }
    case OPT_K_INT:
        store_int(dst, o->size, opt_int(name, v, o->imin, o->imax));
        break;
    case OPT_K_NUM:
        *(double *)(void *)dst = opt_num(name, v, o->dmin, o->dmax);
        break;
    case OPT_K_PCT:
        *(double *)(void *)dst = opt_pct(name, v, o->dmin, o->dmax);
        break;
    case OPT_K_DURATION:
        *(int64_t *)(void *)dst = stored_us(o, opt_duration_us(name, v, o->imin, o->imax));
        break;
    case OPT_K_DURATIONS: {
        int64_t *out = (int64_t *)(void *)dst;
        int n = opt_duration_list_us(name, v, o->imin, o->imax, out, o->max);
        for (int k = 0; k < n; k++)
            out[k] = stored_us(o, out[k]);
        *(int *)(void *)((char *)base + o->off_n) = n;
        break;
    }
    case OPT_K_NUMS: {
        double *out = (double *)(void *)dst;
        int n;
        if (o->dmin == 0 && o->dmax == 100) {
            n = opt_percentile_list(name, v, out, o->max);
        } else {
            n = parse_number_list(v, out, o->max);
            for (int k = 0; k < n; k++)
                if (out[k] < o->dmin || out[k] > o->dmax)
                    n = -1;
            if (n <= 0)
                die(EXIT_USAGE, "bad %s list '%s': at most %d comma-separated numbers from %g to %g", name, v,
                    o->max, o->dmin, o->dmax);
        }
        *(int *)(void *)((char *)base + o->off_n) = n;
        break;
    }
    case OPT_K_ENUM: {
        for (int k = 0; o->words[k].word; k++)
            if (strcmp(v, o->words[k].word) == 0) {
                store_int(dst, o->size, o->words[k].value);
                return;
            }
        char list[256];
        words_list(o->words, list, sizeof list, ", ");
        opt_bad(o, v, "one of %s", list);
    }
    case OPT_K_CALL:
        o->call(base, o, v);
        break;
    case OPT_K_HELP:
    case OPT_K_END:
        (void)cmd;
        break;
    }
}

/* Edit distance, bounded to short names (option names are). */
static size_t distance(const char *a, size_t la, const char *b)
{
    size_t lb = strlen(b);
    if (la > 63 || lb > 63)
        return 99;
    size_t row[64];
    for (size_t j = 0; j <= lb; j++)
        row[j] = j;
    for (size_t i = 1; i <= la; i++) {
        size_t diag = row[0];
        row[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t up = row[j];
            size_t best = diag + (a[i - 1] != b[j - 1]);
            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}

static _Noreturn void unknown(const struct opt_cmd *cmd, const char *a)
{
    char help[96];
    see_help(help, sizeof help);
    const char *best = NULL;
    if (a[1] == '-') {
        const char *n = a + 2;
        const char *eq = strchr(n, '=');
        size_t ln = eq ? (size_t)(eq - n) : strlen(n);
        size_t bd = ln / 3 > 2 ? ln / 3 : 2;
        for (int g = 0; g < OPT_MAX_GROUPS && cmd->groups[g]; g++)
            for (const struct opt *o = cmd->groups[g]->opts; o->kind != OPT_K_END; o++) {
                size_t d = distance(n, ln, o->name);
                if (d <= bd && (!best || d < distance(n, ln, best))) {
                    best = o->name;
                }
            }
    }
    if (best)
        die(EXIT_USAGE, "unknown option '%s' (did you mean --%s?; %s)", a, best, help);
    die(EXIT_USAGE, "unknown option '%s' (%s)", a, help);
}

/* The option of opts that word a names (or NULL); *inline_v: the value in "--x=V" or "-xV". */
static const struct opt *match(const struct opt *opts, const char *a, const char **inline_v)
{
    bool is_long = a[1] == '-';
    const char *n = a + (is_long ? 2 : 1);
    const char *eq = is_long ? strchr(n, '=') : NULL;
    size_t ln = eq ? (size_t)(eq - n) : strlen(n);
    for (const struct opt *o = opts; o->kind != OPT_K_END; o++) {
        bool hit = is_long ? strncmp(n, o->name, ln) == 0 && o->name[ln] == '\0'
                           : o->short_name && n[0] == o->short_name && (n[1] == '\0' || takes_value(o));
        if (hit) {
            *inline_v = is_long ? (eq ? eq + 1 : NULL) : (n[1] ? n + 1 : NULL);
            return o;
        }
    }
    return NULL;
}

/* Take hit's value(s) from argv at *i and store them. */
static void take(const struct opt_cmd *cmd, const struct opt *hit, void *base, const char *inline_v, int argc,
                 char **argv, int *i)
{
    const char *a = argv[*i];
    char help[96];
    see_help(help, sizeof help);
    const char *v = NULL;
    if (takes_value(hit)) {
        if (inline_v)
            v = inline_v;
        else if (hit->kind == OPT_K_FILES && (*i + 1 >= argc || (argv[*i + 1][0] == '-' && argv[*i + 1][1])))
            die(EXIT_USAGE, "option %s needs at least one file (%s)", a, help);
        else if (*i + 1 < argc)
            v = argv[++*i];
        else
            die(EXIT_USAGE, "option %s needs a value (%s)", a, help);
    } else if (inline_v) {
        die(EXIT_USAGE, "option --%s takes no value (%s)", hit->name, help);
    }
    apply(cmd, hit, base, v);
    /* --gc A B C: the words up to the next option ("-" is a file) */
    while (hit->kind == OPT_K_FILES && !inline_v && *i + 1 < argc &&
           (argv[*i + 1][0] != '-' || argv[*i + 1][1] == '\0'))
        apply(cmd, hit, base, argv[++*i]);
}

int opt_parse(const struct opt_cmd *cmd, void *const bases[], int argc, char **argv, struct opt_args *pos)
{
    cmd_name = cmd->name;
    if (pos) {
        pos->v = xcalloc((size_t)argc + 1, sizeof *pos->v);
        pos->n = 0;
    }
    bool only_pos = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (only_pos || a[0] != '-' || a[1] == '\0') {
            if (cmd->positional) {
                cmd->positional(bases[0], argv[i]);
                continue;
            }
            if (!pos) {
                char help[96];
                see_help(help, sizeof help);
                die(EXIT_USAGE, "unexpected argument '%s' (%s)", a, help);
            }
            pos->v[pos->n++] = argv[i];
            continue;
        }
        if (strcmp(a, "--") == 0) {
            only_pos = true;
            continue;
        }
        const struct opt *hit = NULL;
        void *base = NULL;
        const char *inline_v = NULL;
        for (int g = 0; !hit && g < OPT_MAX_GROUPS && cmd->groups[g]; g++)
            if ((hit = match(cmd->groups[g]->opts, a, &inline_v)))
                base = bases[g];
        if (!hit)
            unknown(cmd, a);
        if (hit->kind == OPT_K_HELP) {
            opt_help(cmd, stdout);
            return 1;
        }
        take(cmd, hit, base, inline_v, argc, argv, &i);
    }
    return 0;
}

static bool named_in(const char *const *list, const char *name)
{
    for (; list && *list; list++)
        if (strcmp(*list, name) == 0)
            return true;
    return false;
}

static void refuse_own(const struct opt_cmd *cmd, const char *via, const char *a)
{
    int len = a[1] == '-' ? (int)strcspn(a, "=") : 2; /* the option without its value */
    die(EXIT_USAGE, "%s %.*s: that option is for gclat %s itself (its output or inputs); %s passes only "
        "options that shape the figures", via, len, a, cmd->name, via);
}

/* kind: the input kind compare and report name the command's files by */
static void refuse_file(const struct opt_cmd *cmd, const char *kind, const char *via, const char *a)
{
    die(EXIT_USAGE, "%s %s: a file; give it as an input (NAME=FILE or NAME:%s=FILE), %s passes options to "
        "gclat %s", via, a, kind, via, cmd->name);
}

void opt_parse_figures(const struct opt_cmd *cmd, void *base, int n, char **args, const char *via,
                       const char *const *refused)
{
    const char *caller = prog_name;
    char own[64];
    snprintf(own, sizeof own, "gclat %s", cmd->name);
    cmd_name = cmd->name;
    for (int i = 0; i < n; i++) {
        const char *a = args[i];
        if (strcmp(a, "--") == 0)
            continue; /* what follows is files: refused below */
        if (a[0] != '-' || a[1] == '\0')
            refuse_file(cmd, cmd->name, via, a);
        const char *inline_v = NULL;
        const struct opt *hit = match(cmd->groups[0]->opts, a, &inline_v);
        bool other = false;
        for (int g = 1; !hit && g < OPT_MAX_GROUPS && cmd->groups[g]; g++)
            other |= match(cmd->groups[g]->opts, a, &inline_v) != NULL;
        if (other || (hit && named_in(refused, hit->name)))
            refuse_own(cmd, via, a);
        prog_name = own;
        if (!hit)
            unknown(cmd, a);
        take(cmd, hit, base, inline_v, n, args, &i);
        prog_name = caller;
    }
}

void opt_check_passthrough(const struct opt_cmd *cmd, const struct opt_group *const *refused_groups,
                           const char *const *refused, int n, char **args, const char *via, const char *kind)
{
    for (int i = 0; i < n; i++) {
        const char *a = args[i];
        if (strcmp(a, "--") == 0)
            continue; /* what follows is files: refused below */
        if (a[0] != '-' || a[1] == '\0')
            refuse_file(cmd, kind, via, a);
        const char *inline_v = NULL;
        const struct opt *hit = NULL;
        bool out = false;
        for (int g = 0; !hit && g < OPT_MAX_GROUPS && cmd->groups[g]; g++) {
            hit = match(cmd->groups[g]->opts, a, &inline_v);
            for (const struct opt_group *const *r = refused_groups; hit && r && *r; r++)
                out |= *r == cmd->groups[g];
        }
        if (!hit)
            continue; /* cmd's parser says it is unknown */
        if (out || named_in(refused, hit->name))
            refuse_own(cmd, via, a);
        if (takes_value(hit) && !inline_v)
            i++; /* its value, whatever it looks like */
    }
}

/* An earlier group's option of the same name wins (parsing takes the first match too). */
static bool shadowed(const struct opt_cmd *cmd, int g, const struct opt *o)
{
    for (int k = 0; k < g; k++)
        for (const struct opt *p = cmd->groups[k]->opts; p->kind != OPT_K_END; p++)
            if (strcmp(p->name, o->name) == 0)
                return true;
    return false;
}

static const char *help_of(const struct opt_cmd *cmd, const struct opt *o)
{
    for (const struct opt_note *n = cmd->notes; n && n->name; n++)
        if (strcmp(n->name, o->name) == 0)
            return n->help;
    return o->help;
}

static size_t label(const struct opt *o, char *buf, size_t len)
{
    char words[256] = "";
    if (o->kind == OPT_K_ENUM && !o->arg)
        words_list(o->words, words, sizeof words, "|");
    const char *arg = o->arg ? o->arg : words;
    char sh[8] = "";
    if (o->short_name)
        snprintf(sh, sizeof sh, "-%c, ", o->short_name);
    int k = snprintf(buf, len, "%s--%s%s%s", sh, o->name, *arg ? " " : "", arg);
    return k < 0 ? 0 : (size_t)k >= len ? len - 1 : (size_t)k;
}

void opt_help(const struct opt_cmd *cmd, FILE *f)
{
    size_t width = 0;
    char buf[320];
    for (int g = 0; g < OPT_MAX_GROUPS && cmd->groups[g]; g++)
        for (const struct opt *o = cmd->groups[g]->opts; o->kind != OPT_K_END; o++) {
            size_t l = label(o, buf, sizeof buf);
            if (help_of(cmd, o) && !shadowed(cmd, g, o) && l > width && l <= HELP_LABEL_MAX)
                width = l;
        }
    fputs(cmd->usage, f);
    if (cmd->about)
        fprintf(f, "\n%s", cmd->about);
    for (int g = 0; g < OPT_MAX_GROUPS && cmd->groups[g]; g++) {
        fprintf(f, "\n%s:\n", cmd->groups[g]->title);
        for (const struct opt *o = cmd->groups[g]->opts; o->kind != OPT_K_END; o++) {
            const char *h = help_of(cmd, o);
            if (!h || shadowed(cmd, g, o))
                continue;
            size_t l = label(o, buf, sizeof buf);
            fprintf(f, "  %s", buf);
            size_t col = l > width ? l : width;
            fprintf(f, "%*s", (int)(col - l + 2), "");
            for (const char *p = h;;) {
                const char *nl = strchr(p, '\n');
                size_t pl = nl ? (size_t)(nl - p) : strlen(p);
                fprintf(f, "%.*s\n", (int)pl, p);
                if (!nl || !nl[1])
                    break;
                p = nl + 1;
                fprintf(f, "%*s", (int)(width + 4), "");
            }
        }
    }
    if (cmd->after)
        fprintf(f, "\n%s", cmd->after);
}
