/*
 * lat_format.c — named access-log formats (--log-format) and time units.
 * A preset only says where the latency is and in which unit; status, path
 * and time are found the same way for every common/combined-style line
 * (lat_meta/lat_time), so presets stay one table row each.
 */
#include "lat.h"
#include "util.h"

#include <string.h>

struct preset {
    const char *name;
    enum lat_src src;
    int field;
    const char *unit;
    const char *doc;
};

static const struct preset presets[] = {
    {"nginx", LAT_SRC_FIELD, -1, "s",
     "nginx combined + $request_time as the last field (seconds, ms resolution)"},
    {"apache", LAT_SRC_FIELD, -1, "us", "Apache combined + %D as the last field (microseconds)"},
    {"apache-T", LAT_SRC_FIELD, -1, "s", "Apache combined + %T as the last field (whole seconds)"},
    {"tomcat", LAT_SRC_FIELD, -1, "ms",
     "Tomcat AccessLogValve / Spring Boot server.tomcat.accesslog with %D last (ms; Tomcat 8.5/9)"},
    {"spring", LAT_SRC_FIELD, -1, "ms", "alias of tomcat (Spring Boot 2.x embedded Tomcat, %D ms)"},
    {"tomcat-T", LAT_SRC_FIELD, -1, "s", "Tomcat/Spring Boot with %T last (seconds with ms, e.g. 0.012)"},
    {"envoy", LAT_SRC_AFTER_REQUEST, 5, "ms",
     "Envoy default access log: %DURATION% (ms), the 5th field after the quoted request"},
    {"json", LAT_SRC_JSON, 0, "ms", "JSON lines: the number under --json-key (default duration_ms)"},
};

const char lat_format_help[] =
    "  nginx      nginx combined + $request_time last (seconds, ms resolution)\n"
    "  apache     Apache combined + %D last (microseconds)\n"
    "  apache-T   Apache combined + %T last (whole seconds)\n"
    "  tomcat     Tomcat/Spring Boot access log, %D last (milliseconds; Tomcat 8.5/9)\n"
    "  spring     alias of tomcat\n"
    "  tomcat-T   Tomcat/Spring Boot access log, %T last (seconds)\n"
    "  envoy      Envoy default format: %DURATION% (ms), 5th field after the request\n"
    "  json       JSON lines, value under --json-key (default duration_ms, unit ms)\n";

bool lat_format_apply(struct lat_cfg *c, const char *name)
{
    for (size_t i = 0; i < ARRAY_LEN(presets); i++) {
        const struct preset *p = &presets[i];
        if (strcmp(p->name, name) != 0)
            continue;
        c->src = p->src;
        c->field = p->field;
        c->unit_ns = lat_unit_ns(p->unit);
        if (p->src == LAT_SRC_JSON && !c->json_key) {
            c->json_key = xstrdup("duration_ms");
            c->json_key_len = strlen(c->json_key);
        }
        return true;
    }
    return false;
}

static const struct {
    const char *name;
    int64_t ns;
} units[] = {
    {"ns", 1}, {"us", 1000}, {"ms", 1000000}, {"s", 1000000000},
};

int64_t lat_unit_ns(const char *name)
{
    if (strcmp(name, "µs") == 0)
        return 1000;
    for (size_t i = 0; i < ARRAY_LEN(units); i++)
        if (strcmp(units[i].name, name) == 0)
            return units[i].ns;
    return 0;
}

const char *lat_unit_name(int64_t ns)
{
    for (size_t i = 0; i < ARRAY_LEN(units); i++)
        if (units[i].ns == ns)
            return units[i].name;
    return "?";
}
