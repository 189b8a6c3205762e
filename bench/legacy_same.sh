#!/usr/bin/env bash
# bench/legacy_same.sh OLD NEW [EXTRA_LOG...] — the JDK 8 parser's output,
# before and after a change, byte for byte: both binaries read every
# jdk8-legacy log of the corpus ($SHARED/corpus/gc, MANIFEST.tsv column 7),
# the JDK 8 examples and any EXTRA_LOG (the grown benchmark logs), -j 1, as
# --json and as text (stdout, stderr, exit code). NEW runs with
# GCLAT_LEGACY_XCHECK=1 in the JSON pass, so that its fast readings are also
# checked against the general one (it aborts on a difference). Prints one
# "DIFF" line per difference and a summary; exit 1 if any.
# (A reference binary does not exist in CI: tests/sh/gc_parallel.sh is the
# committed check of -j 1 against -j N; this one is for the developer.)
set -u
OLD=${1:?usage: legacy_same.sh OLD NEW [LOG...]}
NEW=${2:?usage: legacy_same.sh OLD NEW [LOG...]}
shift 2
cd "$(dirname "$0")/.."
SH=${SHARED:-/work/shared}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
{
  if [ -f "$SH/corpus/gc/MANIFEST.tsv" ]; then
    awk -F'\t' 'NR > 1 && $7 == "jdk8-legacy" { print $1 }' "$SH/corpus/gc/MANIFEST.tsv" |
      while read -r p; do [ -f "$SH/corpus/gc/$p" ] && printf '%s\n' "$SH/corpus/gc/$p"; done
  fi
  ls examples/gc-cms-jdk8-synthetic.log
  for f in "$@"; do printf '%s\n' "$f"; done
} > "$T/list"
n=0 d=0
while read -r f; do
  n=$((n + 1))
  "$OLD" gc --json -q -j 1 "$f" > "$T/oj" 2>/dev/null; echo "rc=$?" >> "$T/oj"
  GCLAT_LEGACY_XCHECK=1 "$NEW" gc --json -q -j 1 "$f" > "$T/nj" 2>/dev/null; echo "rc=$?" >> "$T/nj"
  cmp -s "$T/oj" "$T/nj" || { echo "DIFF json $f"; d=$((d + 1)); }
  "$OLD" gc -j 1 "$f" > "$T/ot" 2> "$T/oe"; echo "rc=$?" >> "$T/ot"
  "$NEW" gc -j 1 "$f" > "$T/nt" 2> "$T/ne"; echo "rc=$?" >> "$T/nt"
  cmp -s "$T/ot" "$T/nt" || { echo "DIFF text $f"; d=$((d + 1)); }
  cmp -s "$T/oe" "$T/ne" || { echo "DIFF stderr $f"; d=$((d + 1)); }
done < "$T/list"
echo "$n logs, $d differences"
[ "$d" -eq 0 ]
