/* test_prom.c — exposition text (escaping, histogram shape) and the scrape
 * endpoint answering GET /metrics on loopback. */
#include "http_serve.h"
#include "prom_text.h"
#include "t.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static char *render(void (*fn)(FILE *))
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    fn(f);
    fclose(f);
    return buf;
}

static void w_escape(FILE *f)
{
    const char *names[] = {"thread", "gc"};
    const char *values[] = {"evil\"}\n\\x\x1b", "G1 Young"};
    struct prom_labels l = {names, values, 2};
    prom_family(f, "gclat_x_total", PROM_COUNTER, "help with \\ and\nnewline");
    prom_sample(f, "gclat_x_total", &l, 3);
    prom_sample(f, "gclat_y", NULL, 0.1);
    prom_sample(f, "gclat_z", NULL, 1.0 / 0.0);
}

static void escaping(void)
{
    char *s = render(w_escape);
    CHECK_STR(s, "# HELP gclat_x_total help with \\\\ and\\nnewline\n"
                 "# TYPE gclat_x_total counter\n"
                 "gclat_x_total{thread=\"evil\\\"}\\n\\\\x?\",gc=\"G1 Young\"} 3\n"
                 "gclat_y 0.1\n"
                 "gclat_z +Inf\n");
    free(s);
    CHECK(prom_valid_name("jvm_gc_pause_seconds"));
    CHECK(prom_valid_name("a:b"));
    CHECK(!prom_valid_name("1abc"));
    CHECK(!prom_valid_name("a-b"));
    CHECK(!prom_valid_label_name("__name__"));
    CHECK(!prom_valid_label_name("a:b"));
}

static void w_hist(FILE *f)
{
    const double b[] = {0.001, 0.01, 0.1};
    const uint64_t c[] = {1, 3, 3};
    const char *names[] = {"gc"};
    const char *values[] = {"G1"};
    struct prom_labels l = {names, values, 1};
    prom_histogram(f, "p_seconds", &l, b, c, 3, 4, 0.5);
}

static void histogram_shape(void)
{
    char *s = render(w_hist);
    CHECK_STR(s, "p_seconds_bucket{gc=\"G1\",le=\"0.001\"} 1\n"
                 "p_seconds_bucket{gc=\"G1\",le=\"0.01\"} 3\n"
                 "p_seconds_bucket{gc=\"G1\",le=\"0.1\"} 3\n"
                 "p_seconds_bucket{gc=\"G1\",le=\"+Inf\"} 4\n"
                 "p_seconds_sum{gc=\"G1\"} 0.5\n"
                 "p_seconds_count{gc=\"G1\"} 4\n");
    free(s);
}

static int handler(void *ctx, const char *path, char **body, size_t *len, const char **ct)
{
    (void)ctx;
    if (strcmp(path, "/metrics"))
        return 404;
    *body = strdup("m 1\n");
    *len = 4;
    *ct = "text/plain; version=0.0.4";
    return 200;
}

static char *fetch(struct http_serve *s, const char *req)
{
    int port = atoi(strrchr(s->bound, ':') + 1);
    int c = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);
    if (connect(c, (struct sockaddr *)&a, sizeof a) != 0)
        return strdup("connect failed");
    if (write(c, req, strlen(req)) < 0)
        return strdup("write failed");
    http_serve_accept(s, handler, NULL);
    static char buf[4096];
    size_t n = 0;
    ssize_t r;
    while ((r = read(c, buf + n, sizeof buf - 1 - n)) > 0)
        n += (size_t)r;
    buf[n] = 0;
    close(c);
    return strdup(buf);
}

static void serves_metrics_on_loopback(void)
{
    struct http_serve s;
    char err[256];
    CHECK(http_serve_listen(&s, ":0", err, sizeof err) == 0);
    CHECK(!strncmp(s.bound, "127.0.0.1:", 10)); /* loopback when no host is named */
    char *r = fetch(&s, "GET /metrics?x=1 HTTP/1.1\r\nHost: a\r\n\r\n");
    CHECK(strstr(r, "HTTP/1.1 200 OK\r\n") == r);
    CHECK(strstr(r, "Content-Length: 4\r\n") != NULL);
    CHECK(strstr(r, "\r\n\r\nm 1\n") != NULL);
    free(r);
    r = fetch(&s, "GET /other HTTP/1.1\r\n\r\n");
    CHECK(strstr(r, "HTTP/1.1 404") == r);
    free(r);
    r = fetch(&s, "POST /metrics HTTP/1.1\r\n\r\n");
    CHECK(strstr(r, "HTTP/1.1 405") == r);
    free(r);
    CHECK_EQ_INT(s.requests, 3);
    CHECK_EQ_INT(s.errors, 2);
    http_serve_close(&s);
    CHECK(http_serve_listen(&s, "nohost:1", err, sizeof err) != 0);
    CHECK(http_serve_listen(&s, "127.0.0.1:99999", err, sizeof err) != 0);
}

int main(void)
{
    RUN(escaping);
    RUN(histogram_shape);
    RUN(serves_metrics_on_loopback);
    T_DONE();
}
