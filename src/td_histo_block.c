/*
 * td_histo_block.c — a class histogram inside a thread-dump input. People
 * capture `kill -3` (or jstack) and `jcmd PID GC.class_histogram` / `jmap
 * -histo` into one file; the histogram is not a thread dump, so `gclat
 * threads` recognises it as a block of its own kind (td_set.blocks: where,
 * how many lines and rows, and that `gclat histo` reads it) instead of
 * counting hundreds of rows as unparsed lines.
 *
 * The block starts at the column header (" num     #instances         #bytes
 * class name") and takes the rule, the rows ("   1:  120160  85946296  [B
 * (java.base@17)") and the Total line; the first other line ends it. Row
 * shape is checked loosely (rank, ':', two numbers): gclat histo validates rows.
 */
#include "td_text.h"
#include "util.h"

#include <ctype.h>
#include <string.h>

static bool row(const char *l, size_t n)
{
    size_t i = 0, k;
    while (i < n && isdigit((unsigned char)l[i]))
        i++;
    if (i == 0 || i >= n || l[i] != ':')
        return false;
    i++;
    for (int num = 0; num < 2; num++) {
        while (i < n && l[i] == ' ')
            i++;
        for (k = i; k < n && isdigit((unsigned char)l[k]);)
            k++;
        if (k == i)
            return false;
        i = k;
    }
    return true;
}

bool td_histo_line(struct td_text *p, const char *l, size_t n, uint64_t lineno)
{
    struct td_set *s = p->s;
    if (!l)
        return false; /* end of input: blocks are counted as they go */
    if (p->st != TS_HISTO) {
        if (!mem_starts(l, n, "num ") || !mem_find(l, n, "#instances") || !mem_find(l, n, "#bytes"))
            return false;
        xgrow((void **)&s->blocks, &s->cap_blocks, s->nblocks + 1, sizeof *s->blocks);
        struct td_block *b = &s->blocks[s->nblocks++];
        memset(b, 0, sizeof *b);
        b->file = intern_str(&s->in, p->file, strlen(p->file));
        b->line = lineno;
        b->lines = 1;
        b->kind = "class histogram";
        b->reader = "gclat histo";
        s->lines_known++;
        p->st = TS_HISTO;
        p->cur = -1;
        return true;
    }
    struct td_block *b = &s->blocks[s->nblocks - 1];
    bool rule = true;
    for (size_t i = 0; i < n && rule; i++)
        rule = l[i] == '-';
    if (rule || row(l, n) || mem_starts(l, n, "Total ")) {
        b->lines++;
        b->rows += !rule && l[0] != 'T';
        s->lines_known++;
        if (l[0] == 'T')
            p->st = TS_OUT;
        return true;
    }
    return false;
}
