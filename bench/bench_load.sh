#!/usr/bin/env bash
# bench/bench_load.sh — gclat load beside wrk in the same run, on 127.0.0.1 only:
#   1. the stall server (answers at once, frozen 1 s every 5 s): what each tool reports
#   2. nginx serving a small static file: the closed-model maximum at -c 100 -t 2,
#      a fixed rate at 80 % of it, and the client's CPU per 10,000 requests
# Installs wrk and nginx (Debian packages) when missing. Writes bench/results/load.md.
set -u
cd "$(dirname "$0")/.."
G=$PWD/gclat
W=bench/work/load
mkdir -p "$W" bench/results
need=()
command -v wrk > /dev/null || need+=(wrk)
command -v nginx > /dev/null || [ -x /usr/sbin/nginx ] || need+=(nginx-light)
if [ ${#need[@]} -gt 0 ] && [ "$(id -u)" = 0 ]; then
  echo "bench_load: installing ${need[*]}" >&2
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}") >&2
fi
NGINX=$(command -v nginx || echo /usr/sbin/nginx)
pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done; [ -f "$W/nginx.pid" ] && kill "$(cat "$W/nginx.pid")" 2>/dev/null' EXIT
cc -O2 -o "$W/stall_server" tests/tools/stall_server.c
jq_() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))" "$@"; }
cpu_of() { awk '{print $1 + $2}' "$1"; } # /usr/bin/time -f '%U %S'

out=bench/results/load.md
{
echo "## gclat load"
echo
echo "Measured by \`bash bench/bench_load.sh\` ($(date -u +%Y-%m-%d), load average $(cut -d' ' -f1 /proc/loadavg) at the start)."
echo "Every target is 127.0.0.1."
echo
"$W/stall_server" --every 5000 --freeze 1000 --lifetime 120 > "$W/port" & pids+=($!)
sleep 0.3
read -r P _ < "$W/port" # the port, then the wall-clock ms its freeze schedule counts from
echo "### A server frozen 1 s every 5 s (tests/tools/stall_server.c), 20 s, 20 connections"
echo
/usr/bin/time -f '%U %S' -o "$W/g.time" "$G" load --json --rate 1000 -d 20s -c 20 -t 2 "http://127.0.0.1:$P/" > "$W/g.json"
echo "| tool | requests | p50 | p90 | p99 | p99.9 | max |"
echo "|---|---:|---:|---:|---:|---:|---:|"
jq_ "$W/g.json" "'| gclat load --rate 1000, latency (from intended send) | %d | %.3f ms | %.3f ms | %.3f ms | %.3f ms | %.3f ms |' % (d['requests'], d['latency_ms']['p50'], d['latency_ms']['p90'], d['latency_ms']['p99'], d['latency_ms']['p99.9'], d['latency_ms']['max'])"
jq_ "$W/g.json" "'| gclat load --rate 1000, service time (from actual send) | %d | %.3f ms | %.3f ms | %.3f ms | %.3f ms | %.3f ms |' % (d['requests'], d['service_time_ms']['p50'], d['service_time_ms']['p90'], d['service_time_ms']['p99'], d['service_time_ms']['p99.9'], d['service_time_ms']['max'])"
if command -v wrk > /dev/null; then
  wrk -t2 -c20 -d20s --latency "http://127.0.0.1:$P/" > "$W/wrk-stall.txt" 2>&1
  req=$(awk '/requests in/ {print $1}' "$W/wrk-stall.txt")
  pc() { awk -v p="$1" '$1 == p {print $2}' "$W/wrk-stall.txt"; }
  mx=$(awk '/Latency/ && !/Distribution/ {print $4; exit}' "$W/wrk-stall.txt")
  echo "| wrk -t2 -c20 -d20s (closed model) | $req | $(pc 50%) | $(pc 90%) | $(pc 99%) | - | $mx |"
fi
echo
echo "gclat's scheduled count for 20 s at 1000/s is $(jq_ "$W/g.json" "d['requests_scheduled']"); it answered $(jq_ "$W/g.json" "d['requests']")."
echo "wrk (closed model) sent ${req:-?} requests: it sends the next request as soon as an answer"
echo "comes, so its percentiles describe another workload than the 1000/s schedule, and a request"
echo "that waited on a freeze is recorded from when it was sent, not from when it was due."
echo
if [ -x "$NGINX" ]; then
  mkdir -p "$W/www" "$W/nginx-tmp"
  printf 'hello gclat\n' > "$W/www/index.html"
  cat > "$W/nginx.conf" <<CONF
worker_processes 1;
pid $PWD/$W/nginx.pid;
error_log $PWD/$W/nginx-error.log;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path $PWD/$W/nginx-tmp; proxy_temp_path $PWD/$W/nginx-tmp;
  fastcgi_temp_path $PWD/$W/nginx-tmp; uwsgi_temp_path $PWD/$W/nginx-tmp; scgi_temp_path $PWD/$W/nginx-tmp;
  keepalive_requests 1000000;
  server { listen 127.0.0.1:18099; root $PWD/$W/www; }
}
CONF
  "$NGINX" -c "$PWD/$W/nginx.conf" -p "$PWD/$W" 2> "$W/nginx-start.err"
  sleep 0.5
  U=http://127.0.0.1:18099/index.html
  echo "### nginx (1 worker), a 12-byte static file, -c 100 -t 2, 10 s"
  echo
  /usr/bin/time -f '%U %S' -o "$W/gmax.time" "$G" load --json -q --rate 0 -c 100 -t 2 -d 10s "$U" > "$W/gmax.json"
  gmax=$(jq_ "$W/gmax.json" "d['rate_achieved']")
  /usr/bin/time -f '%U %S' -o "$W/wmax.time" wrk -t2 -c100 -d10s "$U" > "$W/wrk-max.txt" 2>&1
  wmax=$(awk '/Requests\/sec/ {print $2}' "$W/wrk-max.txt")
  wreq=$(awk '/requests in/ {print $1}' "$W/wrk-max.txt")
  greq=$(jq_ "$W/gmax.json" "d['requests']")
  r80=$(awk -v m="$gmax" 'BEGIN{printf "%d", m * 0.8}')
  /usr/bin/time -f '%U %S' -o "$W/g80.time" "$G" load --json -q --rate "$r80" -c 100 -t 2 -d 10s "$U" > "$W/g80.json"
  echo "| run | requests/s | client CPU per 10k requests |"
  echo "|---|---:|---:|"
  echo "| gclat load --rate 0 (closed) | $(printf '%.0f' "$gmax") | $(awk -v c="$(cpu_of "$W/gmax.time")" -v n="$greq" 'BEGIN{printf "%.1f ms", 1e7 * c / n}') |"
  echo "| wrk -t2 -c100 | $(printf '%.0f' "$wmax") | $(awk -v c="$(cpu_of "$W/wmax.time")" -v n="$wreq" 'BEGIN{printf "%.1f ms", 1e7 * c / n}') |"
  echo "| gclat load --rate $r80 (80 % of its max) | $(jq_ "$W/g80.json" "'%.0f' % d['rate_achieved']") (target $r80, $(jq_ "$W/g80.json" "'%.2f' % (100 * d['rate_achieved'] / d['rate_target'])") %) | $(awk -v c="$(cpu_of "$W/g80.time")" -v n="$(jq_ "$W/g80.json" "d['requests']")" 'BEGIN{printf "%.1f ms", 1e7 * c / n}') |"
  echo
  echo "gclat's closed-model maximum is $(awk -v a="$gmax" -v b="$wmax" 'BEGIN{printf "%.1f", 100 * a / b}') % of wrk's in the same run (target: within 10 %)."
  echo "On 2 cores the client threads and nginx share the CPUs, so both maxima are the machine's, not nginx's alone."
  kill "$(cat "$W/nginx.pid")" 2>/dev/null
else
  echo "(nginx not available: the nginx section was skipped)"
fi
echo
if command -v javac > /dev/null; then
  echo "### A JVM under load: the HTTP service fixture (JDK 17, ZGC, 96 MB heap), --gc-log and --pid, 2 s warm-up"
  echo
  javac -d "$W" tests/fixtures/http/HttpLoad.java
  java -XX:+UseZGC -Dsun.net.httpserver.nodelay=true -Xms96m -Xmx96m \
    -Xlog:gc*:file="$W/jvm-gc.log":time,uptime,level,tags -cp "$W" HttpLoad 18191 "$W/jvm-access.log" 25 > "$W/jvm.out" 2>&1 & JP=$!; pids+=($JP)
  for _ in $(seq 50); do grep -q listening "$W/jvm.out" 2>/dev/null && break; sleep 0.2; done
  "$G" load --json -q --rate 300 --warmup 2s -d 15s -c 16 --gc-log "$W/jvm-gc.log" --pid "$JP" http://127.0.0.1:18191/work > "$W/jvm.json" 2> "$W/jvm.err"
  kill "$JP" 2>/dev/null; wait "$JP" 2>/dev/null
  jq_ "$W/jvm.json" "'| figure | value |\n|---|---:|\n| requests (scheduled) | %d (%d) |\n| latency p50 / p99 / max (from intended send) | %.1f / %.1f / %.1f ms |\n| service time p99 | %.1f ms |\n| ZGC pauses in the run (max) | %d (%.3f ms) |\n| allocation stalls in the run (total, max) | %d (%.0f ms, %.1f ms) |\n| requests >= p99 that met a pause / a stall somewhere | %.0f %% / %.0f %% |\n| their latency spent paused | %.2f %% |\n| JVM CPU (of one core) | %.0f %% |\n| load generator CPU (of one core) | %.1f %% |' % (d['requests'], d['requests_scheduled'], d['latency_ms']['p50'], d['latency_ms']['p99'], d['latency_ms']['max'], d['service_time_ms']['p99'], d['gc']['pauses'], d['gc']['pause_max_ms'] or 0, d['gc']['stalls'], d['gc']['stall_total_ms'], d['gc']['stall_max_ms'] or 0, d['tail'].get('share_met_pause_pct') or 0, 100.0 * d['tail'].get('met_stall_somewhere', 0) / max(1, d['tail'].get('requests', 1)), d['tail'].get('paused_share_of_tail_latency_pct') or 0, d['jvm']['cpu_pct_of_one_core'], d['client']['cpu_pct_of_one_core'])"
  echo
  echo "One command gives the latency, the GC stops that met it and both CPUs: ZGC's pauses are"
  echo "sub-millisecond, so whether its allocation stalls (per thread) explain the tail is the question"
  echo "the stall figure answers (an upper bound: the client cannot see which server thread it met)."
fi
} > "$out"
cat "$out"
