# gclat — plain GNU Makefile. `make` builds ./gclat; `make test` runs every
# test (installing missing Debian build packages first); `make demo` runs
# gclat on the sample logs in examples/; `make bench` writes bench/RESULTS.md.

CC      ?= cc
PREFIX  ?= /usr/local
VERSION := $(shell git describe --tags --always --dirty 2>/dev/null || echo unknown)

WARN    := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
           -Wformat=2 -Wvla -Wpointer-arith -Wno-unused-parameter
CFLAGS  ?= -O2 -g
ALL_CFLAGS := -std=c11 -D_GNU_SOURCE $(WARN) $(CFLAGS) -Isrc -DGCLAT_VERSION='"$(VERSION)"'
LDLIBS  := -lz -lm -lpthread

SRC     := $(wildcard src/*.c)
OBJ     := $(SRC:src/%.c=obj/%.o)
LIBOBJ  := $(filter-out obj/main.o,$(OBJ))
UNIT    := $(wildcard tests/unit/test_*.c)
UNITBIN := $(UNIT:tests/unit/%.c=obj/tests/%)

# Sanitizer build (ASan + UBSan) in obj-asan/, used by `make test`.
ASAN_FLAGS := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
AOBJ    := $(SRC:src/%.c=obj-asan/%.o)
ALIBOBJ := $(filter-out obj-asan/main.o,$(AOBJ))
AUNITBIN := $(UNIT:tests/unit/%.c=obj-asan/tests/%)
FUZZ    := $(wildcard fuzz/fuzz_*.c)
FUZZREPLAY := $(FUZZ:fuzz/%.c=obj-asan/fuzz/%)

all: gclat

gclat: $(OBJ)
	$(CC) $(ALL_CFLAGS) -o $@ $^ $(LDLIBS)

obj/%.o: src/%.c | obj
	$(CC) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

obj obj/tests obj-asan obj-asan/tests obj-asan/fuzz:
	mkdir -p $@

obj/tests/%: tests/unit/%.c $(LIBOBJ) | obj/tests
	$(CC) $(ALL_CFLAGS) -Itests/unit -o $@ $< $(LIBOBJ) $(LDLIBS)

unit: $(UNITBIN)

obj-asan/%.o: src/%.c | obj-asan
	$(CC) $(ALL_CFLAGS) $(ASAN_FLAGS) -MMD -MP -c -o $@ $<

gclat-asan: $(AOBJ)
	$(CC) $(ALL_CFLAGS) $(ASAN_FLAGS) -o $@ $^ $(LDLIBS)

obj-asan/tests/%: tests/unit/%.c $(ALIBOBJ) | obj-asan/tests
	$(CC) $(ALL_CFLAGS) $(ASAN_FLAGS) -Itests/unit -o $@ $< $(ALIBOBJ) $(LDLIBS)

# Fuzz harnesses built with a replay driver (no libFuzzer needed) for `make test`.
obj-asan/fuzz/%: fuzz/%.c fuzz/replay_main.c $(ALIBOBJ) | obj-asan/fuzz
	$(CC) $(ALL_CFLAGS) $(ASAN_FLAGS) -o $@ $< fuzz/replay_main.c $(ALIBOBJ) $(LDLIBS)

asan: gclat-asan $(AUNITBIN) $(FUZZREPLAY)

# libFuzzer builds for real fuzzing sessions: `make fuzz` then run obj-fuzz/fuzz_NAME fuzz/corpus/NAME
FUZZBIN := $(FUZZ:fuzz/%.c=obj-fuzz/%)
obj-fuzz:
	mkdir -p $@
obj-fuzz/%: fuzz/%.c $(SRC) | obj-fuzz
	clang -std=c11 -D_GNU_SOURCE -g -O1 -Isrc -fsanitize=fuzzer,address,undefined \
	  -DGCLAT_VERSION='"fuzz"' -o $@ $< $(filter-out src/main.c,$(SRC)) $(LDLIBS)
fuzz: $(FUZZBIN)

test:
	@bash tests/deps.sh
	$(MAKE) gclat unit asan
	@bash tests/run.sh

deps:
	@bash tests/deps.sh

demo: gclat
	@bash examples/demo.sh

bench: gclat
	@bash bench/run.sh

install: gclat
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 gclat $(DESTDIR)$(PREFIX)/bin/gclat
	install -m 644 docs/gclat.1 $(DESTDIR)$(PREFIX)/share/man/man1/gclat.1

clean:
	rm -rf obj obj-asan obj-fuzz gclat gclat-asan

.PHONY: all unit asan fuzz test deps demo bench install clean

-include $(OBJ:.o=.d) $(AOBJ:.o=.d)
