#!/usr/bin/env bash
# tests/run.sh — every test of gclat, ending with the line "N passed, N failed".
#
#   1. unit tests (tests/unit/test_*.c), normal and ASan+UBSan builds
#   2. golden cases (tests/cases/NAME/{cmd,expected[,exit]}) with ./gclat and ./gclat-asan
#   3. shell tests (tests/sh/*.sh), each printing "ok - ..." / "not ok - ..." lines
#   4. fuzz regressions: fuzz/regress/NAME/* and fuzz/corpus/NAME/* replayed under ASan
#
# Environment for cases and shell tests: GCLAT (binary), ROOT (repo), SHARED
# (../shared when present, else empty), TMPDIR (a scratch directory).
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
export ROOT
if [ -n "${SHARED:-}" ] && [ -d "$SHARED" ]; then SHARED=$(cd "$SHARED" && pwd); elif [ -d "$ROOT/../shared" ]; then SHARED=$(cd "$ROOT/../shared" && pwd); else SHARED=""; fi
export SHARED
SCRATCH=$(mktemp -d)
trap 'rm -rf "$SCRATCH"' EXIT
export TMPDIR="$SCRATCH"
export NO_COLOR=1
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
pass=0
fail=0
skip=0
failed_names=()

record() { # record ok|fail name
  if [ "$1" = ok ]; then pass=$((pass + 1)); else fail=$((fail + 1)); failed_names+=("$2"); echo "not ok - $2"; fi
}

# Count TAP-ish lines from a test program; a crash or non-zero exit with no
# failure line counts as one failure.
run_tap() { # run_tap label cmd...
  local label=$1; shift
  local out rc
  out=$("$@" 2>&1); rc=$?
  local okc notok
  okc=$(printf '%s\n' "$out" | grep '^ok - ' | grep -vc '# SKIP')
  local skc
  skc=$(printf '%s\n' "$out" | grep '^ok - ' | grep -c '# SKIP')
  skip=$((skip + skc))
  notok=$(printf '%s\n' "$out" | grep -c '^not ok - ')
  pass=$((pass + okc))
  if [ "$notok" -gt 0 ]; then
    fail=$((fail + notok))
    printf '%s\n' "$out" | grep -E '^(not ok - |#)' | sed "s|^|$label: |"
    while IFS= read -r l; do failed_names+=("$label: ${l#not ok - }"); done < <(printf '%s\n' "$out" | grep '^not ok - ')
  fi
  if [ $rc -ne 0 ] && [ "$notok" -eq 0 ]; then
    record fail "$label (exit $rc)"
    printf '%s\n' "$out" | tail -n 20
  fi
}

echo "== unit tests"
for b in obj/tests/test_*; do [ -x "$b" ] && run_tap "unit $(basename "$b")" "$b"; done
echo "== unit tests (ASan+UBSan)"
for b in obj-asan/tests/test_*; do [ -x "$b" ] && run_tap "asan $(basename "$b")" "$b"; done

run_case() { # run_case bin label dir
  local bin=$1 label=$2 d=$3
  local want_exit=0
  [ -f "$d/exit" ] && want_exit=$(cat "$d/exit")
  local out rc
  out=$(cd "$d" && GCLAT="$bin" bash ./cmd 2>"$SCRATCH/stderr"); rc=$?
  if [ "$rc" != "$want_exit" ]; then
    record fail "$label $(basename "$d"): exit $rc, expected $want_exit"
    head -c 2000 "$SCRATCH/stderr"
    return
  fi
  if [ -f "$d/expected" ] && [ "$out" != "$(cat "$d/expected")" ]; then
    record fail "$label $(basename "$d"): output differs"
    diff <(printf '%s\n' "$out") "$d/expected" | head -20
    return
  fi
  if [ -f "$d/expected_stderr" ] && ! grep -qF -f "$d/expected_stderr" "$SCRATCH/stderr"; then
    record fail "$label $(basename "$d"): stderr lacks expected text"
    return
  fi
  if grep -q 'ERROR: \(Address\|Leak\)Sanitizer\|runtime error:' "$SCRATCH/stderr"; then
    record fail "$label $(basename "$d"): sanitizer report"
    head -c 3000 "$SCRATCH/stderr"
    return
  fi
  record ok "$label $(basename "$d")"
}

echo "== golden cases"
for d in tests/cases/*/; do [ -f "$d/cmd" ] && run_case "$ROOT/gclat" case "${d%/}"; done
echo "== golden cases (ASan+UBSan)"
for d in tests/cases/*/; do [ -f "$d/cmd" ] && run_case "$ROOT/gclat-asan" asan-case "${d%/}"; done

echo "== shell tests"
export GCLAT="$ROOT/gclat" GCLAT_ASAN="$ROOT/gclat-asan"
for t in tests/sh/*.sh; do [ -f "$t" ] && run_tap "sh $(basename "$t" .sh)" bash "$t"; done

echo "== fuzz regressions (ASan+UBSan)"
for h in obj-asan/fuzz/fuzz_*; do
  [ -x "$h" ] || continue
  name=$(basename "$h"); name=${name#fuzz_}
  dirs=()
  [ -d "fuzz/regress/$name" ] && dirs+=("fuzz/regress/$name")
  [ -d "fuzz/corpus/$name" ] && dirs+=("fuzz/corpus/$name")
  [ ${#dirs[@]} -eq 0 ] && continue
  if out=$("$h" "${dirs[@]}" 2>&1); then record ok "fuzz replay $name ($(printf '%s' "$out" | tail -1))"
  else record fail "fuzz replay $name"; printf '%s\n' "$out" | tail -30; fi
done

echo
if [ $fail -gt 0 ]; then
  echo "Failed:"
  for n in "${failed_names[@]}"; do echo "  $n"; done
fi
echo "$pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
