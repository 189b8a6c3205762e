#!/usr/bin/env bash
# gclat gc over every log of the shared conformance corpus ($SHARED/corpus/gc):
# no crash, no hang (10 s per file), no sanitizer report (ASan binary), and
# the unparsed-line rate per format reported (asserted per parser in the
# parsers' own corpus tests). Skips when ../shared is absent.
# needs: python3
set -u
if [ -z "${SHARED:-}" ] || [ ! -f "$SHARED/corpus/gc/MANIFEST.tsv" ]; then
  echo "ok - gc corpus # SKIP ../shared/corpus/gc not present"
  exit 0
fi
bin=${GCLAT_ASAN:-$GCLAT}
[ -x "$bin" ] || bin=$GCLAT
corpus="$SHARED/corpus/gc"
out="$TMPDIR/gc_corpus.tsv"
: > "$out"
crashes=0; hangs=0; san=0; files=0
while IFS=$'\t' read -r path repo spath commit bytes lines fmt coll notes; do
  [ "$path" = path ] && continue
  f="$corpus/$path"
  [ -f "$f" ] || continue
  files=$((files + 1))
  json=$(timeout 10 "$bin" gc --json -q "$f" 2>"$TMPDIR/gc_corpus.err"); rc=$?
  if [ $rc -eq 124 ]; then hangs=$((hangs + 1)); echo "# hang: $path"; continue; fi
  if [ $rc -ge 128 ] || { [ $rc -ne 0 ] && [ $rc -ne 2 ]; }; then crashes=$((crashes + 1)); echo "# exit $rc: $path"; head -3 "$TMPDIR/gc_corpus.err" | sed 's/^/#   /'; continue; fi
  if grep -q 'Sanitizer\|runtime error:' "$TMPDIR/gc_corpus.err"; then san=$((san + 1)); echo "# sanitizer: $path"; head -5 "$TMPDIR/gc_corpus.err" | sed 's/^/#   /'; continue; fi
  if [ $rc -eq 0 ]; then
    printf '%s\n' "$json" | python3 -c '
import json,sys
r=json.load(sys.stdin); u=r["unparsed_lines"]
print("\t".join([sys.argv[1], sys.argv[2], str(u["lines_read"]), str(u["total"]), str(r["pauses"]["count"])]))' "$fmt" "$path" >> "$out"
  else
    printf '%s\t%s\t%s\t%s\t%s\n' "$fmt" "$path" "$lines" "$lines" 0 >> "$out"
  fi
done < "$corpus/MANIFEST.tsv"
echo "# $files corpus files; per format: files, lines, unparsed lines, unparsed %, pauses"
awk -F'\t' '{f[$1]++; l[$1]+=$3; u[$1]+=$4; p[$1]+=$5} END {for (k in f) printf "#   %-22s %4d files %9d lines %7d unparsed (%.2f%%) %8d pauses\n", k, f[k], l[k], u[k], l[k] ? 100*u[k]/l[k] : 0, p[k]}' "$out" | sort
[ $crashes -eq 0 ] && [ $files -gt 0 ] && echo "ok - gc corpus: no crash or unexpected exit ($files files)" || echo "not ok - gc corpus: $crashes crashes/unexpected exits in $files files"
[ $hangs -eq 0 ] && echo "ok - gc corpus: no hang" || echo "not ok - gc corpus: $hangs hangs"
[ $san -eq 0 ] && echo "ok - gc corpus: sanitizer-clean" || echo "not ok - gc corpus: $san sanitizer reports"
