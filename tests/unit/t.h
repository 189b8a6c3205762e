/*
 * t.h — the unit-test harness: TEST functions, CHECK assertions, TAP-like
 * "ok - name" / "not ok - name" lines that tests/run.sh counts.
 */
#ifndef GCLAT_T_H
#define GCLAT_T_H

#include <math.h>
#include <stdio.h>
#include <string.h>

static int t_failures;

#define CHECK(cond)                                                                  \
    do {                                                                             \
        if (!(cond)) {                                                               \
            printf("#   %s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #cond);      \
            t_failures++;                                                            \
        }                                                                            \
    } while (0)

#define CHECK_EQ_INT(a, b)                                                           \
    do {                                                                             \
        long long _a = (long long)(a), _b = (long long)(b);                          \
        if (_a != _b) {                                                              \
            printf("#   %s:%d: %s == %lld, expected %lld\n", __FILE__, __LINE__, #a,  \
                   _a, _b);                                                          \
            t_failures++;                                                            \
        }                                                                            \
    } while (0)

#define CHECK_NEAR(a, b, eps)                                                        \
    do {                                                                             \
        double _a = (double)(a), _b = (double)(b);                                   \
        if (!(fabs(_a - _b) <= (eps))) {                                             \
            printf("#   %s:%d: %s == %.9g, expected %.9g\n", __FILE__, __LINE__, #a,  \
                   _a, _b);                                                          \
            t_failures++;                                                            \
        }                                                                            \
    } while (0)

#define CHECK_STR(a, b)                                                              \
    do {                                                                             \
        const char *_a = (a), *_b = (b);                                             \
        if (!_a || !_b || strcmp(_a, _b) != 0) {                                     \
            printf("#   %s:%d: %s == \"%s\", expected \"%s\"\n", __FILE__, __LINE__,  \
                   #a, _a ? _a : "(null)", _b ? _b : "(null)");                      \
            t_failures++;                                                            \
        }                                                                            \
    } while (0)

#define RUN(fn)                                                                      \
    do {                                                                             \
        int _f0 = t_failures;                                                        \
        fn();                                                                        \
        printf("%s - %s\n", t_failures == _f0 ? "ok" : "not ok", #fn);               \
    } while (0)

#define T_DONE() return t_failures ? 1 : 0

#endif
