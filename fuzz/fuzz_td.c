/*
 * fuzz_td.c — libFuzzer harness for the text thread-dump parser (every dialect: jstack,
 * kill -3, dump_to_file text, ThreadInfo.toString, ThreadMonitor, VisualVM, JRockit,
 * an appended class histogram; the parser picks by sniffing each header) and the whole
 * `gclat threads` analysis. Input: a dump (any text format); if it contains a
 * NUL byte, the bytes after the first NUL are parsed as `top -b -H` output and
 * joined (fuzz_td_common.h).
 */
#include "fuzz_td_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return td_fuzz_one(data, size, td_parse_mem);
}
