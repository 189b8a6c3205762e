# tests/sh/lib.bash — sourced by the shell tests (". "$ROOT/tests/sh/lib.bash"").
#
# gx ARGS...   runs "$GCLAT" ARGS and, when it exits other than ${GX_EXIT:-0},
#              prints "not ok - gclat ARGS: exit N" on the test's own stdout
#              (fd 9, so a redirection or pipe around the call cannot hide it),
#              then returns that exit code. Use it for every run whose output
#              the test reads: a crash or a wrong exit then fails the test even
#              when the comparison that follows would pass on empty output.
#              Runs that expect another exit call "$GCLAT" and check $? themselves.
exec 9>&1
gx() {
  "${GCLAT:?}" "$@"
  local rc=$?
  if [ "$rc" -ne "${GX_EXIT:-0}" ]; then
    printf 'not ok - gclat %s: exit %d, expected %d\n' "$*" "$rc" "${GX_EXIT:-0}" | cut -c1-400 >&9
  fi
  return "$rc"
}
