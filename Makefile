# gclat — plain GNU Makefile. `make` builds ./gclat; `make check` is the quick
# tier (unit tests + golden cases + JSON schemas, normal build, seconds);
# `make test` runs every test (installing missing Debian packages first, see
# tests/deps.sh); `make demo` builds quietly and runs gclat on the sample logs in
# examples/; `make bench` writes bench/RESULTS.md. `make V=1` shows the commands.

CC      ?= cc
PREFIX  ?= /usr/local
VERSION := $(shell git describe --tags --always --dirty 2>/dev/null || echo unknown)

WARN    := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
           -Wformat=2 -Wvla -Wpointer-arith -Wno-unused-parameter
CFLAGS  ?= -O2 -g
ALL_CFLAGS := -std=c11 -D_GNU_SOURCE $(WARN) $(CFLAGS) -Isrc -DGCLAT_VERSION='"$(VERSION)"'
LDLIBS  := -lz -lm -lpthread
NPROC   = $(shell nproc 2>/dev/null || echo 2)
# -jN for a sub-make unless the caller already gave -j
PAR     = $(if $(filter -j%,$(MAKEFLAGS)),,-j$(NPROC))

# quiet rules: "CC src/x.c" per file; V=1 prints the whole command
ifeq ($(V),1)
Q       :=
say     := @:
else
Q       := @
say     := @printf '  %-6s %s\n'
endif

SRC     := $(wildcard src/*.c src/cmd/*.c)
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

# clang UBSan build in obj-ubsan/, used by `make test` when clang is installed:
# gcc's UBSan has no float-cast-overflow (a double too large for an int64 is UB).
UBSAN_CC    ?= clang
UBSAN_FLAGS := -O1 -g -fsanitize=undefined,float-cast-overflow -fno-sanitize-recover=all -fno-omit-frame-pointer
UOBJ    := $(SRC:src/%.c=obj-ubsan/%.o)
ULIBOBJ := $(filter-out obj-ubsan/main.o,$(UOBJ))
UFUZZREPLAY := $(FUZZ:fuzz/%.c=obj-ubsan/fuzz/%)

all: gclat

gclat: $(OBJ)
	$(say) LD $@
	$(Q)$(CC) $(ALL_CFLAGS) -o $@ $^ $(LDLIBS)

obj/%.o: src/%.c | obj
	$(Q)mkdir -p $(@D)
	$(say) CC $<
	$(Q)$(CC) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

obj obj/tests obj-asan obj-asan/tests obj-asan/fuzz obj-ubsan obj-ubsan/fuzz:
	$(Q)mkdir -p $@

obj/tests/%: tests/unit/%.c $(LIBOBJ) | obj/tests
	$(say) CC $<
	$(Q)$(CC) $(ALL_CFLAGS) -Itests/unit -o $@ $< $(LIBOBJ) $(LDLIBS)

unit: $(UNITBIN)

obj-asan/%.o: src/%.c | obj-asan
	$(Q)mkdir -p $(@D)
	$(say) CC-ASAN $<
	$(Q)$(CC) $(ALL_CFLAGS) $(ASAN_FLAGS) -MMD -MP -c -o $@ $<

gclat-asan: $(AOBJ)
	$(say) LD $@
	$(Q)$(CC) $(ALL_CFLAGS) $(ASAN_FLAGS) -o $@ $^ $(LDLIBS)

obj-asan/tests/%: tests/unit/%.c $(ALIBOBJ) | obj-asan/tests
	$(say) CC-ASAN $<
	$(Q)$(CC) $(ALL_CFLAGS) $(ASAN_FLAGS) -Itests/unit -o $@ $< $(ALIBOBJ) $(LDLIBS)

# Fuzz harnesses built with a replay driver (no libFuzzer needed) for `make test`.
obj-asan/fuzz/%: fuzz/%.c fuzz/replay_main.c $(ALIBOBJ) | obj-asan/fuzz
	$(say) CC-ASAN $<
	$(Q)$(CC) $(ALL_CFLAGS) $(ASAN_FLAGS) -o $@ $< fuzz/replay_main.c $(ALIBOBJ) $(LDLIBS)

asan: gclat-asan $(AUNITBIN) $(FUZZREPLAY)

obj-ubsan/%.o: src/%.c | obj-ubsan
	$(Q)mkdir -p $(@D)
	$(say) CC-UBSAN $<
	$(Q)$(UBSAN_CC) $(ALL_CFLAGS) $(UBSAN_FLAGS) -MMD -MP -c -o $@ $<

gclat-ubsan: $(UOBJ)
	$(say) LD $@
	$(Q)$(UBSAN_CC) $(ALL_CFLAGS) $(UBSAN_FLAGS) -o $@ $^ $(LDLIBS)

obj-ubsan/fuzz/%: fuzz/%.c fuzz/replay_main.c $(ULIBOBJ) | obj-ubsan/fuzz
	$(say) CC-UBSAN $<
	$(Q)$(UBSAN_CC) $(ALL_CFLAGS) $(UBSAN_FLAGS) -o $@ $< fuzz/replay_main.c $(ULIBOBJ) $(LDLIBS)

ubsan: gclat-ubsan $(UFUZZREPLAY)

# libFuzzer builds for real fuzzing sessions: `make fuzz` then run obj-fuzz/fuzz_NAME fuzz/corpus/NAME
FUZZBIN := $(FUZZ:fuzz/%.c=obj-fuzz/%)
obj-fuzz:
	mkdir -p $@
obj-fuzz/%: fuzz/%.c $(SRC) | obj-fuzz
	clang -std=c11 -D_GNU_SOURCE -g -O1 -Isrc -fsanitize=fuzzer,address,undefined \
	  -DGCLAT_VERSION='"fuzz"' -o $@ $< $(filter-out src/main.c,$(SRC)) $(LDLIBS)
fuzz: $(FUZZBIN)

# quick tier for the edit-test loop: normal build only, prints its time
check:
	@$(MAKE) --no-print-directory $(PAR) gclat unit
	@bash tests/run.sh --quick

# full suite (CI: .ci/run); the clang UBSan build only where clang and its runtime work
test:
	@bash tests/deps.sh
	@$(MAKE) --no-print-directory gclat unit asan
	@if bash tests/deps.sh --have clang-ubsan; then $(MAKE) --no-print-directory ubsan; \
	  else echo "test: no clang UBSan build: $$(bash tests/deps.sh --why clang-ubsan)"; fi
	@bash tests/run.sh

deps:
	@bash tests/deps.sh

demo:
	@echo "demo: building gclat (make -j$(NPROC))"
	@$(MAKE) -s --no-print-directory $(PAR) gclat say=@:
	@bash examples/demo.sh

bench: gclat
	@bash bench/run.sh

install: gclat
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 gclat $(DESTDIR)$(PREFIX)/bin/gclat
	install -m 644 docs/gclat.1 $(DESTDIR)$(PREFIX)/share/man/man1/gclat.1

clean:
	rm -rf obj obj-asan obj-ubsan obj-fuzz gclat gclat-asan gclat-ubsan

.PHONY: all unit asan ubsan fuzz check test deps demo bench install clean

-include $(OBJ:.o=.d) $(AOBJ:.o=.d) $(UOBJ:.o=.d)
