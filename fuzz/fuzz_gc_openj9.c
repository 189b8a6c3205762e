/*
 * fuzz_gc_openj9.c — libFuzzer harness for the OpenJ9 verbose GC XML parser
 * (line splitting and event checks in fuzz_gc_common.h).
 */
#include "fuzz_gc_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return gc_fuzz_lines(data, size, &gc_openj9_ops);
}
