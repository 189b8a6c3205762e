/* fuzz_http_resp.c — the load client's response parser on arbitrary bytes,
 * fed in pieces whose sizes come from the input itself. */
#include <stdint.h>
#include <stddef.h>
#include "http_resp.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct http_resp r;
    http_resp_init(&r);
    http_resp_reset(&r, size && (data[0] & 1));
    size_t pos = size ? 1 : 0;
    while (pos < size) {
        size_t step = (size_t)(data[pos - 1] % 17) + 1;
        if (step > size - pos)
            step = size - pos;
        size_t used = http_resp_feed(&r, (const char *)data + pos, step);
        if (r.st == HR_ERROR)
            break;
        if (r.st == HR_DONE) { /* the next response on the connection */
            http_resp_reset(&r, false);
        }
        pos += used ? used : step;
    }
    http_resp_eof(&r);
    http_resp_fini(&r);
    return 0;
}
