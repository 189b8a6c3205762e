/*
 * fuzz_td_json.c — libFuzzer harness for the Thread.dump_to_file JSON reader and
 * the analysis on its result (the input is always parsed as JSON; bytes after a
 * NUL are a `top -b -H` part, see fuzz_td_common.h).
 */
#include "fuzz_td_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return td_fuzz_one(data, size, td_json_parse);
}
