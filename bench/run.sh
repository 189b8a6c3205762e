#!/usr/bin/env bash
# bench/run.sh — run every bench/bench_*.sh, then gather bench/results/*.md
# into bench/RESULTS.md. Benchmarks are not tests: they measure, they do not
# assert (targets are printed beside the figures). Inputs are generated under
# bench/work/ (git-ignored; several GB at peak: ~1 GB per generated log).
set -u
cd "$(dirname "$0")/.."
mkdir -p bench/work bench/results
# --assemble: only gather bench/results/*.md (after running one bench by hand)
[ "${1:-}" = --assemble ] && set -- && skip_runs=1
for b in bench/bench_*.sh; do
  [ -n "${skip_runs:-}" ] && break
  [ -f "$b" ] || continue
  echo "== $b" >&2
  bash "$b" || echo "bench: $b failed" >&2
done
{
  echo "# gclat benchmark results"
  echo
  echo "Written by \`make bench\` (bench/run.sh). Machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(uname -m); compiler $(cc --version | head -1)."
  echo
  for r in bench/results/*.md; do [ -f "$r" ] && { cat "$r"; echo; }; done
} > bench/RESULTS.md
echo "bench: wrote bench/RESULTS.md" >&2
