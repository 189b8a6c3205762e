#!/usr/bin/env bash
# tests/deps.sh — the Debian packages the build and the tests use, and which are here.
#
#   bash tests/deps.sh              install what is missing (as root), else list it
#   bash tests/deps.sh --list       print every dependency: NAME, state, package, users
#   bash tests/deps.sh --have NAME  exit 0 when NAME is usable (tests/run.sh asks this)
#   bash tests/deps.sh --why NAME   one line: installed, or what installs it
#
# Installing: only what is missing (each checked with command -v / dpkg -s, never
# by listing the installed packages), with --no-install-recommends, apt-get
# update only when something must be installed, and never an upgrade of an
# installed package: a package whose install would upgrade one (apt-get -s
# shows it) is not installed and its tests are skipped by name, unless
# GCLAT_DEPS_ALLOW_UPGRADE=1. Without root it only says what is missing;
# tests/run.sh then skips the tests that need it, by name.
# The "extra" ones (a JDK, Node.js) are large and only used by a few checks that
# skip themselves: listed, installed only with GCLAT_DEPS_EXTRA=1.
set -u

# NAME|PACKAGES|class|what needs it   (class: build = the build stops without it;
# test = installed when missing; extra = installed with GCLAT_DEPS_EXTRA=1)
DEPS='cc|gcc|build|building gclat
make|make|build|building gclat
zlib|zlib1g-dev|build|building gclat (gzip input)
python3|python3|test|most shell tests, the JSON schema check, some golden cases
gzip|gzip|test|gzip input tests (lat.sh, correlate cases)
diff|diffutils|test|tests/run.sh (golden case diffs)
gawk|gawk|test|tests/sh/lat.sh: --format cal byte-identical to gawk -f cal.awk
mawk|mawk|test|tests/sh/lat.sh: --format cal byte-identical to mawk -f cal.awk
chromium|chromium|test|tests/sh/report.sh: the HTML report in headless Chromium
prometheus|prometheus|test|tests/sh/watch.sh: a real Prometheus scraping gclat watch, promtool check metrics
clang-ubsan|clang libclang-rt-dev|test|the clang UBSan build (float-cast-overflow): golden cases and fuzz replay
java|openjdk-17-jdk-headless|extra|tests/sh/cpu.sh live JVM sample (source launcher needs a JDK)
node|nodejs npm|extra|tests/sh/lat.sh cross-check with hdr-histogram-js'

have() { # have NAME: is this dependency usable?
  case $1 in
    zlib) [ -f /usr/include/zlib.h ] || dpkg -s zlib1g-dev >/dev/null 2>&1 ;;
    chromium) command -v chromium >/dev/null || command -v chromium-browser >/dev/null ;;
    clang-ubsan) # the compiler and its UBSan runtime: build and run a float-cast overflow
      command -v clang >/dev/null || return 1
      local d rc
      d=$(mktemp -d) || return 1
      printf 'int main(int c, char **v) { (void)v; double d = 1e30 * c; return (int)(long long)d == 7; }\n' > "$d/p.c"
      clang -fsanitize=undefined,float-cast-overflow -fno-sanitize-recover=all -o "$d/p" "$d/p.c" >/dev/null 2>&1 &&
        ! "$d/p" >/dev/null 2>&1 # the probe must be caught (exit non-zero)
      rc=$?
      rm -rf "$d"
      return $rc ;;
    node) command -v node >/dev/null && command -v npm >/dev/null ;;
    *) command -v "$1" >/dev/null ;;
  esac
}

field() { # field NAME N
  printf '%s\n' "$DEPS" | awk -F'|' -v n="$1" -v k="$2" '$1 == n { print $k }'
}

case ${1:-} in
  --have) have "${2:?--have NAME}"; exit ;;
  --why)
    if have "${2:?--why NAME}"; then echo "installed"
    elif [ -z "$(field "$2" 2)" ]; then echo "not installed (and not in tests/deps.sh's list: add it there)"
    elif [ "$(field "$2" 3)" = extra ]; then echo "not installed (Debian: $(field "$2" 2); GCLAT_DEPS_EXTRA=1 bash tests/deps.sh installs it)"
    else echo "not installed (Debian: $(field "$2" 2); bash tests/deps.sh installs it as root)"; fi
    exit 0 ;;
  --list)
    while IFS='|' read -r name pkgs class users; do
      if have "$name"; then st=ok; else st=MISSING; fi
      printf '%-12s %-8s %-6s %-30s %s\n' "$name" "$st" "$class" "$pkgs" "$users"
    done <<< "$DEPS"
    exit 0 ;;
  '') ;;
  *) echo "usage: bash tests/deps.sh [--list | --have NAME | --why NAME]" >&2; exit 1 ;;
esac

missing=() want=() extra=()
while IFS='|' read -r name pkgs class users; do
  have "$name" && continue
  missing+=("$name ($pkgs) — $users")
  case $class in
    extra) [ "${GCLAT_DEPS_EXTRA:-0}" = 1 ] && want+=("$name") || extra+=("$name") ;;
    *) want+=("$name") ;;
  esac
done <<< "$DEPS"

if [ ${#missing[@]} -eq 0 ]; then
  echo "deps: everything the build and tests use is installed" >&2
  exit 0
fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
  echo "deps: not root (or no apt-get): not installing. Missing:" >&2
  for m in "${missing[@]}"; do echo "  $m" >&2; done
  echo "deps: the tests that need these are skipped by name; the build needs cc, make, zlib." >&2
  exit 0
fi
for e in ${extra[@]+"${extra[@]}"}; do
  echo "deps: not installing $e ($(field "$e" 2), large; GCLAT_DEPS_EXTRA=1 installs it): $(field "$e" 4) is skipped" >&2
done
[ ${#want[@]} -eq 0 ] && exit 0

export DEBIAN_FRONTEND=noninteractive
echo "deps: apt-get update (needed to install: ${want[*]})" >&2
apt-get update -qq >&2 || echo "deps: apt-get update failed; trying with the lists there are" >&2
pkgs=()
for name in "${want[@]}"; do
  p=$(field "$name" 2)
  # apt-get -s prints "Inst PKG [OLD] (NEW ...)" for a package it would upgrade
  # shellcheck disable=SC2086
  up=$(apt-get -s install --no-install-recommends --no-upgrade $p 2>/dev/null | awk '$1 == "Inst" && $3 ~ /^\[/ { print $2 }' | paste -sd' ')
  if [ -n "$up" ] && [ "${GCLAT_DEPS_ALLOW_UPGRADE:-0}" != 1 ]; then
    echo "deps: NOT installing $p: it would upgrade installed packages ($up)." >&2
    echo "      $(field "$name" 4) is skipped; GCLAT_DEPS_ALLOW_UPGRADE=1 allows the upgrade." >&2
    continue
  fi
  echo "deps: installing $p — for $(field "$name" 4)" >&2
  # shellcheck disable=SC2206
  pkgs+=($p)
done
[ ${#pkgs[@]} -eq 0 ] && exit 0
apt-get install -y -qq --no-install-recommends --no-upgrade "${pkgs[@]}" >&2 ||
  echo "deps: apt-get install failed; the tests that need ${pkgs[*]} are skipped by name" >&2
exit 0
