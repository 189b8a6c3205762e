#!/usr/bin/env bash
# tests/run.sh — the tests of gclat, in two tiers, ending with "N passed, N failed[, N skipped]".
#
#   tests/run.sh            full suite (`make test`, CI): every stage below
#   tests/run.sh --quick    quick tier (`make check`): stages marked [check] only,
#                           with the normal build; no sanitizer build, corpus, browser
#   TIER=check|full         the same as an environment variable
#   -j N                    shell tests N at a time (default: from MAKEFLAGS -jN, else 1)
#
#   [check] unit tests (tests/unit/test_*.c), normal build (not the *_corpus sweeps)
#           unit tests, ASan+UBSan build
#   [check] golden cases (tests/cases/NAME/{cmd,expected[,exit,expected_stderr,needs]}), ./gclat
#           golden cases with ./gclat-asan (gcc ASan+UBSan) and ./gclat-ubsan (clang UBSan)
#   [check] JSON output of every command validated against docs/schema/*.schema.json
#           shell tests (tests/sh/*.sh), each printing "ok - ..." / "not ok - ..." lines
#           fuzz regressions: fuzz/regress/NAME/* and fuzz/corpus/NAME/* replayed by the
#           ASan+UBSan and the clang UBSan harnesses
#
# A skip is always named with its reason ("skipped: NAME — reason" in the summary):
# a test that prints "ok - NAME # SKIP reason", a shell test whose "# needs: CMD..."
# header names something tests/deps.sh reports missing, or a stage whose build is absent.
#
# Every gclat the tests run goes through a guard (a wrapper in the scratch dir): an exit
# outside 0-4 (a signal, a sanitizer report: ASan/UBSan exit 86/87 here) fails the test
# that ran it, even when its own checks would not notice.
#
# Environment for cases and shell tests: GCLAT (binary), GCLAT_ASAN, ROOT (repo), SHARED
# (../shared when present, else empty), TMPDIR (a scratch directory), NO_COLOR=1.
set -u
START_S=$(date +%s.%N)
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
export ROOT
TIER=${TIER:-full}
JOBS=
while [ $# -gt 0 ]; do
  case $1 in
    --quick | --tier=check) TIER=check ;;
    --full | --tier=full) TIER=full ;;
    -j) JOBS=${2:?-j N}; shift ;;
    -j*) JOBS=${1#-j} ;;
    *) echo "usage: tests/run.sh [--quick | --full] [-j N]" >&2; exit 1 ;;
  esac
  shift
done
case $TIER in check | full) ;; *) echo "tests/run.sh: TIER must be check or full, not '$TIER'" >&2; exit 1 ;; esac
if [ -z "$JOBS" ]; then
  JOBS=$(printf '%s\n' "${MAKEFLAGS:-}" | grep -oE '(^| )-j *[0-9]+' | grep -oE '[0-9]+' | tail -1)
  JOBS=${JOBS:-1}
fi

if [ -n "${SHARED:-}" ] && [ -d "$SHARED" ]; then SHARED=$(cd "$SHARED" && pwd); elif [ -d "$ROOT/../shared" ]; then SHARED=$(cd "$ROOT/../shared" && pwd); else SHARED=""; fi
export SHARED
SCRATCH=$(mktemp -d)
trap 'rm -rf "$SCRATCH"' EXIT
export TMPDIR="$SCRATCH"
export NO_COLOR=1
# tests/sh/report.sh keeps its screenshots here, outside the scratch dir removed at the end
export GCLAT_ARTIFACTS="${GCLAT_ARTIFACTS:-$(dirname "$SCRATCH")/gclat-artifacts}"
# distinct exit codes, so that a sanitizer report is never mistaken for exit 1 (usage)
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:exitcode=86
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:exitcode=87

# pyenv's python3 is a shell shim costing ~0.3 s a call, and the tests call
# python3 hundreds of times: put the interpreter it resolves to first in PATH.
mkdir -p "$SCRATCH/bin"
if py=$(python3 -c 'import sys; print(sys.executable)' 2>/dev/null) && [ -x "$py" ]; then
  ln -s "$py" "$SCRATCH/bin/python3"
  export PATH="$SCRATCH/bin:$PATH"
fi

pass=0
fail=0
skip=0
failed_names=()
skipped_names=()

record() { # record ok|fail name
  if [ "$1" = ok ]; then pass=$((pass + 1)); else fail=$((fail + 1)); failed_names+=("$2"); echo "not ok - $2"; fi
}
record_skip() { # record_skip name reason
  skip=$((skip + 1)); skipped_names+=("$1 — $2"); echo "skip - $1 — $2"
}

# have NAME: tests/deps.sh decides, once per name
declare -A HAVE=()
have() {
  if [ -z "${HAVE[$1]:-}" ]; then
    if bash "$ROOT/tests/deps.sh" --have "$1"; then HAVE[$1]=yes; else HAVE[$1]=no; fi
  fi
  [ "${HAVE[$1]}" = yes ]
}
why() { # why NAME...: "needs NAME: not installed (what installs it)", one clause per name
  local n out=""
  for n in "$@"; do out="$out; needs $n: $(bash "$ROOT/tests/deps.sh" --why "$n")"; done
  printf '%s' "${out#; }"
}
missing_needs() { # missing_needs NAME... -> the names that are not installed, space-separated
  local n out=""
  for n in "$@"; do have "$n" || out="$out $n"; done
  printf '%s' "${out# }"
}

# The guard: a wrapper per binary that logs any exit outside 0..4 to $GUARD_LOG.
GUARD_LOG="$SCRATCH/guard.log"
: > "$GUARD_LOG"
guard() { # guard BINARY -> path of its wrapper (or the binary when absent)
  local real=$1 w
  w="$SCRATCH/guard/$(basename "$real")"
  if [ ! -x "$real" ]; then printf '%s' "$real"; return; fi
  mkdir -p "$SCRATCH/guard"
  if [ ! -x "$w" ]; then
    {
      echo '#!/usr/bin/env bash'
      printf 'real=%q\n' "$real"
      printf 'log=${GCLAT_GUARD_LOG:-%q}\n' "$GUARD_LOG"
      # the binary runs as a child that gets the TERM/INT sent to the wrapper, so a
      # test that stops `gclat watch` by its pid sees what gclat does on a stop
      # (<&0: a background command's stdin would be /dev/null otherwise)
      # shellcheck disable=SC2016
      echo '"$real" "$@" <&0 & c=$!'
      # (a wait cut short by the trap returns 128+N: wait again for gclat's own
      # status, which bash keeps even when it has reaped the child meanwhile)
      # shellcheck disable=SC2016
      echo 'trap '"'"'sig=1; kill -TERM $c 2>/dev/null'"'"' TERM; trap '"'"'sig=1; kill -INT $c 2>/dev/null'"'"' INT'
      # shellcheck disable=SC2016
      echo 'sig=; wait $c; rc=$?; while [ -n "$sig" ]; do sig=; wait $c; rc=$?; done'
      # shellcheck disable=SC2016
      echo 'if [ $rc -gt 4 ]; then printf "exit %d (%s): %s\n" $rc "$( [ $rc -gt 128 ] && kill -l $((rc - 128)) 2>/dev/null || echo "not a gclat exit code")" "${real##*/} $*" >> "$log"; fi'
      echo 'exit $rc'
    } > "$w"
    chmod +x "$w"
  fi
  printf '%s' "$w"
}
guard_check() { # guard_check label [log]: fail the test when the guard logged anything since the last call
  local log=${2:-$GUARD_LOG}
  [ -s "$log" ] || return 0
  record fail "$1: gclat exited outside 0-4: $(head -1 "$log" | cut -c1-300)"
  sed 's/^/#   /' "$log" | head -10
  : > "$log"
  return 1
}

# Count TAP-ish lines of a test program's output (file $2); "ok - X # SKIP why" is
# a named skip; a non-zero exit with no failure line, or no test line at all, fails.
tally_tap() { # tally_tap label outfile rc
  local label=$1 f=$2 rc=$3 okc notok l
  okc=$(grep '^ok - ' "$f" | grep -vc '# SKIP')
  notok=$(grep -c '^not ok - ' "$f")
  pass=$((pass + okc))
  while IFS= read -r l; do
    l=${l#ok - }
    record_skip "$label: ${l%% # SKIP*}" "$(l=${l#* # SKIP}; l=${l# }; printf '%s' "${l:-no reason given}")" > /dev/null
  done < <(grep '^ok - .*# SKIP' "$f")
  if [ "$notok" -gt 0 ]; then
    fail=$((fail + notok))
    grep -E '^(not ok - |#)' "$f" | sed "s|^|$label: |"
    while IFS= read -r l; do failed_names+=("$label: ${l#not ok - }"); done < <(grep '^not ok - ' "$f")
  fi
  if [ "$rc" -ne 0 ] && [ "$notok" -eq 0 ]; then
    record fail "$label (exit $rc$([ "$rc" = 124 ] && echo ", timed out"))"
    tail -n 20 "$f"
  elif [ "$okc" -eq 0 ] && [ "$notok" -eq 0 ] && ! grep -q '^ok - .*# SKIP' "$f"; then
    record fail "$label: printed no test line"
    tail -n 20 "$f"
  fi
}
run_tap() { # run_tap label cmd...
  local label=$1; shift
  local rc
  "$@" > "$SCRATCH/tap.out" 2>&1; rc=$?
  tally_tap "$label" "$SCRATCH/tap.out" $rc
}

echo "== unit tests ($TIER tier)"
for b in obj/tests/test_*; do
  [ -x "$b" ] || continue
  n=$(basename "$b")
  if [ "$TIER" = check ] && [[ $n == *_corpus ]]; then continue; fi
  run_tap "unit $n" timeout 600 "$b"
done
[ -n "$(ls obj/tests/test_* 2>/dev/null)" ] || record fail "unit tests: none built (make unit)"

if [ "$TIER" = full ]; then
  echo "== unit tests (ASan+UBSan)"
  if ls obj-asan/tests/test_* > /dev/null 2>&1; then
    for b in obj-asan/tests/test_*; do [ -x "$b" ] && run_tap "asan $(basename "$b")" timeout 900 "$b"; done
  else record_skip "unit tests (ASan+UBSan)" "obj-asan/tests not built (make asan)"; fi
fi

run_case() { # run_case bin label dir
  local bin=$1 label=$2 d=$3 name
  name=$(basename "$d")
  local want_exit=0 miss
  [ -f "$d/exit" ] && want_exit=$(cat "$d/exit")
  if [ -f "$d/needs" ]; then
    # shellcheck disable=SC2046
    miss=$(missing_needs $(cat "$d/needs"))
    if [ -n "$miss" ]; then record_skip "$label $name" "$(why $miss)"; return; fi
  fi
  local out rc
  # pipefail: a gclat failing inside a pipe must not hide behind the last command
  out=$(cd "$d" && GCLAT="$bin" timeout 120 bash -o pipefail ./cmd 2>"$SCRATCH/stderr"); rc=$?
  if ! guard_check "$label $name"; then return; fi
  if [ "$rc" != "$want_exit" ]; then
    record fail "$label $name: exit $rc, expected $want_exit"
    head -c 2000 "$SCRATCH/stderr"
    return
  fi
  if [ -f "$d/expected" ] && [ "$out" != "$(cat "$d/expected")" ]; then
    record fail "$label $name: output differs"
    diff <(printf '%s\n' "$out") "$d/expected" | head -20
    return
  fi
  if [ -f "$d/expected_stderr" ] && ! grep -qF -f "$d/expected_stderr" "$SCRATCH/stderr"; then
    record fail "$label $name: stderr lacks expected text"
    return
  fi
  if grep -q 'ERROR: \(Address\|Leak\)Sanitizer\|runtime error:' "$SCRATCH/stderr"; then
    record fail "$label $name: sanitizer report"
    head -c 3000 "$SCRATCH/stderr"
    return
  fi
  record ok "$label $name"
}
run_cases() { # run_cases binary label
  local g d
  g=$(guard "$1")
  for d in tests/cases/*/; do [ -f "$d/cmd" ] && run_case "$g" "$2" "${d%/}"; done
}

echo "== golden cases"
if [ -x gclat ]; then run_cases "$ROOT/gclat" case; else record fail "golden cases: ./gclat not built"; fi
if [ "$TIER" = full ]; then
  echo "== golden cases (ASan+UBSan)"
  if [ -x gclat-asan ]; then run_cases "$ROOT/gclat-asan" asan-case
  else record_skip "golden cases (ASan+UBSan)" "gclat-asan not built (make asan)"; fi
  echo "== golden cases (clang UBSan, float-cast-overflow)"
  if ! have clang-ubsan; then record_skip "golden cases (clang UBSan)" "$(why clang-ubsan)"
  elif [ ! -x gclat-ubsan ]; then record_skip "golden cases (clang UBSan)" "gclat-ubsan not built (make ubsan)"
  else run_cases "$ROOT/gclat-ubsan" ubsan-case; fi
fi

echo "== JSON schemas (docs/schema)"
if ! have python3; then record_skip "JSON schemas" "$(why python3)"
else
  corpus=()
  # the full tier also validates gc --json of every corpus log
  [ "$TIER" = full ] && [ -n "$SHARED" ] && [ -f "$SHARED/corpus/gc/MANIFEST.tsv" ] && corpus=(--corpus "$SHARED/corpus/gc")
  # and asks the jsonschema package too, when it is importable
  [ "$TIER" = full ] && corpus+=(--second-opinion)
  run_tap "schema" env GCLAT="$(guard "$ROOT/gclat")" timeout 300 python3 tests/schema/check.py ${corpus[@]+"${corpus[@]}"}
  guard_check "schema"
fi

if [ "$TIER" = full ]; then
  echo "== shell tests (-j $JOBS)"
  export GCLAT GCLAT_ASAN
  GCLAT=$(guard "$ROOT/gclat")
  GCLAT_ASAN=$(guard "$ROOT/gclat-asan")
  mkdir -p "$SCRATCH/sh"
  todo=()
  for t in tests/sh/*.sh; do
    [ -f "$t" ] || continue
    n=$(basename "$t" .sh)
    needs=$(sed -n 's/^# needs: *//p' "$t" | head -1)
    # shellcheck disable=SC2086
    miss=$(missing_needs $needs)
    if [ -n "$miss" ]; then record_skip "sh $n" "$(why $miss)"; continue; fi
    todo+=("$n")
  done
  # each test in its own scratch dir and guard log, N at a time; results read in name order
  running=0
  for n in ${todo[@]+"${todo[@]}"}; do
    mkdir -p "$SCRATCH/sh/$n.tmp"
    (
      export TMPDIR="$SCRATCH/sh/$n.tmp" GCLAT_GUARD_LOG="$SCRATCH/sh/$n.guard"
      timeout 900 bash "tests/sh/$n.sh" > "$SCRATCH/sh/$n.out" 2>&1
      echo $? > "$SCRATCH/sh/$n.rc"
    ) &
    running=$((running + 1))
    if [ "$running" -ge "$JOBS" ]; then wait -n; running=$((running - 1)); fi
  done
  wait
  for n in ${todo[@]+"${todo[@]}"}; do
    tally_tap "sh $n" "$SCRATCH/sh/$n.out" "$(cat "$SCRATCH/sh/$n.rc" 2>/dev/null || echo 99)"
    guard_check "sh $n" "$SCRATCH/sh/$n.guard"
  done

  replay() { # replay label harness-dir
    local h name dirs out
    for h in "$2"/fuzz_*; do
      [ -x "$h" ] || continue
      name=$(basename "$h"); name=${name#fuzz_}
      dirs=()
      [ -d "fuzz/regress/$name" ] && dirs+=("fuzz/regress/$name")
      [ -d "fuzz/corpus/$name" ] && dirs+=("fuzz/corpus/$name")
      if [ ${#dirs[@]} -eq 0 ]; then record_skip "$1 $name" "no fuzz/regress/$name or fuzz/corpus/$name to replay"; continue; fi
      if out=$(timeout 600 "$h" "${dirs[@]}" 2>&1); then record ok "$1 $name ($(printf '%s' "$out" | tail -1))"
      else record fail "$1 $name"; printf '%s\n' "$out" | tail -30; fi
    done
  }
  echo "== fuzz regressions (ASan+UBSan)"
  if ls obj-asan/fuzz/fuzz_* > /dev/null 2>&1; then replay "fuzz replay" obj-asan/fuzz
  else record_skip "fuzz replay (ASan+UBSan)" "obj-asan/fuzz not built (make asan)"; fi
  echo "== fuzz regressions (clang UBSan, float-cast-overflow)"
  if ! have clang-ubsan; then record_skip "fuzz replay (clang UBSan)" "$(why clang-ubsan)"
  elif ! ls obj-ubsan/fuzz/fuzz_* > /dev/null 2>&1; then record_skip "fuzz replay (clang UBSan)" "obj-ubsan/fuzz not built (make ubsan)"
  else replay "ubsan fuzz replay" obj-ubsan/fuzz; fi
fi

echo
if [ "$TIER" = check ]; then
  echo "quick tier: not run here: ASan/UBSan builds, corpus sweeps, shell tests (browser, JVM, awk truth), fuzz replay — make test runs them"
fi
for n in ${skipped_names[@]+"${skipped_names[@]}"}; do echo "skipped: $n"; done
if [ $fail -gt 0 ]; then
  echo "Failed:"
  for n in "${failed_names[@]}"; do echo "  $n"; done
fi
echo "time: $(awk -v a="$START_S" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }') s ($([ "$TIER" = check ] && echo "make check, quick tier" || echo "make test, full suite"))"
if [ "$TIER" = check ] && [ $skip -eq 0 ]; then echo "$pass passed, $fail failed"
else echo "$pass passed, $fail failed, $skip skipped"; fi
[ $fail -eq 0 ]
