/*
 * replay_main.c — a main() for fuzz harnesses without libFuzzer: runs
 * LLVMFuzzerTestOneInput on every file named on the command line (or every
 * file in a named directory). `make test` uses it to replay fuzz/regress/
 * and the seed corpora under the sanitizers.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * The input goes to the harness in a heap block of exactly its size (no
 * slack after the last byte), as libFuzzer does, so that ASan reports a read
 * one byte past the end: a read buffer with room to spare would hide it.
 */
static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return 1;
    }
    size_t cap = 1 << 16, n = 0;
    uint8_t *buf = malloc(cap);
    size_t k;
    while (buf && (k = fread(buf + n, 1, cap - n, f)) > 0) {
        n += k;
        if (n == cap) {
            cap *= 2;
            uint8_t *nb = realloc(buf, cap);
            if (!nb)
                free(buf);
            buf = nb;
        }
    }
    fclose(f);
    if (!buf)
        return 1;
    uint8_t *exact = malloc(n);
    if (!exact && n > 0) {
        free(buf);
        return 1;
    }
    if (n > 0)
        memcpy(exact, buf, n);
    free(buf);
    LLVMFuzzerTestOneInput(exact, n);
    free(exact);
    return 0;
}

int main(int argc, char **argv)
{
    int rc = 0, count = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode)) {
            DIR *d = opendir(argv[i]);
            struct dirent *e;
            while (d && (e = readdir(d))) {
                if (e->d_name[0] == '.')
                    continue;
                char p[4096];
                snprintf(p, sizeof p, "%s/%s", argv[i], e->d_name);
                rc |= run_file(p);
                count++;
            }
            if (d)
                closedir(d);
        } else {
            rc |= run_file(argv[i]);
            count++;
        }
    }
    printf("replayed %d inputs\n", count);
    return rc;
}
