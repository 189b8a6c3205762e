#!/usr/bin/env bash
# Install the Debian packages the build and tests need, when missing.
# Runs as part of `make test`; needs root (CI and dev machines are root).
set -u
need=()
[ -f /usr/include/zlib.h ] || need+=(zlib1g-dev)
command -v cc >/dev/null || need+=(gcc)
command -v make >/dev/null || need+=(make)
command -v python3 >/dev/null || need+=(python3)
command -v gzip >/dev/null || need+=(gzip)
command -v top >/dev/null || need+=(procps)
command -v gawk >/dev/null || need+=(gawk) # tests/sh/lat.sh compares --format cal with mawk and gawk
# headless browser for the HTML report test (tests/sh/report.sh)
command -v chromium >/dev/null || need+=(chromium)
if [ ${#need[@]} -gt 0 ]; then
  echo "deps: installing ${need[*]}" >&2
  if [ "$(id -u)" = 0 ]; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}") >&2 ||
      echo "deps: apt-get failed; continuing" >&2
  else
    echo "deps: not root; please install: ${need[*]}" >&2
  fi
fi
exit 0
