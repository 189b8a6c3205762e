/*
 * td_visualvm.c — the thread-dump text VisualVM writes (and Spring Boot's
 * actuator /threaddump as text/plain, which prints the same shape):
 *
 *   "Timer-180" - Thread t@332
 *      java.lang.Thread.State: TIMED_WAITING
 *   \tat java.lang.Object.wait(Native Method)
 *   \t- waiting on <3e4bd1f8> (a java.util.TaskQueue)
 *   \t- waiting to lock <6723abad> (a java.lang.Object) owned by "worker-2" t@15
 *
 *      Locked ownable synchronizers:
 *   \t- None                  / "- locked <h> (a cls)" (VisualVM) / "- Locked <h> (a cls)" (Spring)
 *
 * Only the header is this dialect's own: the state line, frames and lock lines
 * are HotSpot's with identity hashes for addresses and an "owned by" suffix,
 * which td_parse.c's lock-line reader understands (tdx_lock_ref).
 */
#include "td_text.h"
#include "util.h"

#include <ctype.h>
#include <string.h>

static const char *const markers[] = {" - Thread t@", NULL};

bool td_vvm_header(struct td_text *p, const char *l, size_t n, uint64_t lineno)
{
    size_t q = tdx_name_end(l, n, markers);
    if (!q)
        return false;
    const char *r = l + q + 1 + 12;
    size_t rn = n - q - 1 - 12;
    int64_t id;
    if (!tdx_parse_u(r, rn, false, &id))
        return false;
    struct td_dump *d = tdx_cur_dump(p);
    if (d && d->n == 0 && strcmp(d->format, "jstack") == 0)
        d->format = "visualvm"; /* opened by its "Full thread dump" line */
    struct td_thread *t = tdx_new_thread(p, lineno, "visualvm", id);
    t->name = intern_str(&p->s->in, l + 1, q - 1);
    p->dialect = TD_VISUALVM;
    p->st = TS_THREAD;
    return true;
}
