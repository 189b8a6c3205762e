/*
 * fuzz_gc_unified.c — libFuzzer harness for the unified-logging (-Xlog) GC parser
 * (line splitting and event checks in fuzz_gc_common.h).
 */
#include "fuzz_gc_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return gc_fuzz_lines(data, size, &gc_unified_ops);
}
