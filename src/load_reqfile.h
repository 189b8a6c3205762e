/*
 * load_reqfile.h — the requests `gclat load` sends: built once from the URL
 * and options, or read from a file (--requests FILE) of one request a line:
 *
 *   GET /path                       plain lines: METHOD PATH, or just PATH (GET)
 *   {"method":"POST","path":"/x","headers":{"Content-Type":"application/json"},"body":"{}"}
 *
 * '#' lines and blank lines are skipped; a line that is neither form is an
 * error with its file:line (a load test must not quietly send other traffic
 * than asked). Every request carries Host, the -H headers and, with a body,
 * Content-Length; bytes are built once, so nothing is formatted per send.
 */
#ifndef GCLAT_LOAD_REQFILE_H
#define GCLAT_LOAD_REQFILE_H

#include <stddef.h>

#include "load_engine.h"

struct load_reqset {
    struct load_request *r;
    int n, cap;
};

struct load_req_common {
    const char *host_header;  /* "host:port" */
    const char **headers;     /* "Name: value" from -H */
    int nheaders;
};

/* Add one request. Returns 0, or -1 with err set (bad method/path/header). */
int load_req_add(struct load_reqset *s, const struct load_req_common *c, const char *method, const char *path,
                 const char *const *headers, int nheaders, const char *body, size_t body_len, char *err,
                 size_t errlen);
/* Read a --requests file. Returns 0, or -1 with err set ("FILE:LINE: why"). */
int load_req_file(struct load_reqset *s, const struct load_req_common *c, const char *path, char *err,
                  size_t errlen);
void load_reqset_fini(struct load_reqset *s);

#endif
