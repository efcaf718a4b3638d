#!/usr/bin/env bash
# `kinetic serve` under wrk, on 127.0.0.1 only, every load bounded in time (BENCH_SECONDS, default 10 s per run):
#
#   1. cached: one SVG, answered from Kinetic's cache, against nginx serving the same bytes as a static file, in the
#      same run (the ceiling for a cached answer on this machine; the target is at least half of it);
#   2. uncached: count.svg and elevator.gif with a new value on every request (nothing can be cached), with one
#      render thread on one core and two on two cores (taskset): requests per second, p50 and p99 latency;
#   3. memory: the service's RSS every 10 s through a minute of mixed load (cached, uncached, errors, 304s) with a
#      16 MiB cache, full within 20 s — flat from then on means bounded: the cache stops and nothing else grows.
#
# Usage: Benchmarks/serve.sh [path-to-release-kinetic]   (make bench builds it; needs nginx and wrk: make setup-test)
set -euo pipefail
cd "$(dirname "$0")/.."
KINETIC="${1:-$(swift build -c release --show-bin-path)/kinetic}"
SECONDS_PER_RUN="${BENCH_SECONDS:-10}"
MIX_SECONDS="${BENCH_MIX_SECONDS:-60}"
PARTS="${BENCH_PARTS:-1 2 3}"  # which of the three parts to run
for tool in wrk nginx taskset; do
    command -v "$tool" >/dev/null || { echo "serve.sh: $tool is missing (make setup-test installs it)" >&2; exit 69; }
done
[ -x "$KINETIC" ] || { echo "serve.sh: no kinetic at $KINETIC (swift build -c release --product kinetic)" >&2; exit 69; }
WORK=$(mktemp -d)
PIDS=()
cleanup() {
    for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    rm -rf "$WORK"
}
trap cleanup EXIT

# Starts `kinetic serve` (extra arguments after the CPU list) and prints its port.
start() {
    local cpus=$1
    shift
    local log="$WORK/serve.$RANDOM$RANDOM.log"
    taskset -c "$cpus" "$KINETIC" serve --port 0 --access-log none "$@" 2>"$log" &
    SERVICE_PID=$!
    PIDS+=("$SERVICE_PID")
    for _ in $(seq 100); do
        if grep -q "listening on" "$log" 2>/dev/null; then break; fi
        sleep 0.05
    done
    SERVICE_PORT=$(sed -n 's/.*127\.0\.0\.1:\([0-9]*\)\/.*/\1/p' "$log")
}

# wrk's summary line: requests/s, p50, p99.
summary() {
    awk '/Requests\/sec/ {rps=$2} /^ +50%/ {p50=$2} /^ +99%/ {p99=$2} /Non-2xx/ {bad=$NF}
         END {printf "%9s req/s   p50 %-8s p99 %-8s%s\n", rps, p50, p99, (bad ? "  non-2xx: " bad : "")}'
}

echo "== kinetic serve benchmark ($(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), ${SECONDS_PER_RUN} s per run)"
echo "kinetic: $KINETIC"

# 1. Cached SVG against nginx's static file of the same bytes.
if [[ " $PARTS " == *" 1 "* ]]; then
start 0,1
curl -s -o "$WORK/count.svg" "http://127.0.0.1:$SERVICE_PORT/count.svg?to=1234"
mkdir -p "$WORK/www"
cp "$WORK/count.svg" "$WORK/www/count.svg"
NGINX_PORT=$((20000 + RANDOM % 20000))
cat >"$WORK/nginx.conf" <<EOF
$( [ "$(id -u)" = 0 ] && echo "user root;" )
worker_processes 2;
daemon off;
pid $WORK/nginx.pid;
error_log $WORK/nginx-error.log;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path $WORK/body; proxy_temp_path $WORK/proxy; fastcgi_temp_path $WORK/fastcgi;
    uwsgi_temp_path $WORK/uwsgi; scgi_temp_path $WORK/scgi;
    types { image/svg+xml svg; }
    server { listen 127.0.0.1:$NGINX_PORT; root $WORK/www; etag on; }
}
EOF
nginx -p "$WORK" -c "$WORK/nginx.conf" -e "$WORK/nginx-error.log" &
PIDS+=($!)
sleep 0.5
echo
echo "-- 1. cached SVG ($(stat -c %s "$WORK/count.svg") bytes), wrk -t2 -c32, both on cores 0-1"
printf "%-34s" "nginx, static file:"
NGINX_RPS_LINE=$(wrk -t2 -c32 -d"${SECONDS_PER_RUN}s" --latency "http://127.0.0.1:$NGINX_PORT/count.svg" | summary)
echo "$NGINX_RPS_LINE"
printf "%-34s" "kinetic serve, from its cache:"
KINETIC_RPS_LINE=$(wrk -t2 -c32 -d"${SECONDS_PER_RUN}s" --latency "http://127.0.0.1:$SERVICE_PORT/count.svg?to=1234" | summary)
echo "$KINETIC_RPS_LINE"
awk -v a="$(echo "$KINETIC_RPS_LINE" | awk '{print $1}')" -v b="$(echo "$NGINX_RPS_LINE" | awk '{print $1}')" \
    'BEGIN {printf "%-34s%.2f (target ≥ 0.5)\n", "ratio kinetic / nginx:", a / b}'
kill "$SERVICE_PID"
wait "$SERVICE_PID" 2>/dev/null || true
fi

# 2. Uncached renders: every request a new value.
if [[ " $PARTS " == *" 2 "* ]]; then
cat >"$WORK/unique.lua" <<'EOF'
counter = 0
request = function()
    counter = counter + 1
    local path = string.format(wrk.path, counter * 7 + math.random(0, 6))
    return wrk.format(nil, path)
end
EOF
echo
echo "-- 2. uncached renders, a new value per request (wrk -t1 -c4)"
for setup in "0 1" "0,1 2"; do
    set -- $setup
    start "$1" --workers "$2"
    for route in "count.svg?to=%d&count-duration=1" "elevator.gif?values=7,42,%d&fps=20"; do
        printf "%-44s" "$2 core(s), /${route%%\?*}:"
        wrk -t1 -c4 -d"${SECONDS_PER_RUN}s" --latency -s "$WORK/unique.lua" \
            "http://127.0.0.1:$SERVICE_PORT/$route" | summary
    done
    kill "$SERVICE_PID"
    wait "$SERVICE_PID" 2>/dev/null || true
done
fi

# 3. Memory under a minute of mixed load, with a 16 MiB cache (full within the first 20 s: from then on, flat).
if [[ " $PARTS " == *" 3 "* ]]; then
cat >"$WORK/mixed.lua" <<'EOF'
paths = {
    "/count.svg?to=%d", "/elevator.svg?values=1,%d", "/count.png?to=%d", "/shimmer.svg?text=n%d",
    "/count.svg?to=abc%d", "/nothing%d", "/elevator.gif?values=3,%d&fps=10",
}
request = function()
    local path = string.format(paths[math.random(#paths)], math.random(1, 5000))
    if math.random() < 0.1 then
        return wrk.format(nil, path, {["If-None-Match"] = '"00000000000000000000000000000000"'})
    end
    return wrk.format(nil, path)
end
EOF
echo
echo "-- 3. RSS through ${MIX_SECONDS} s of mixed load (cache 16 MiB; wrk -t1 -c8 on cores 0-1)"
start 0,1 --cache-mb 16
wrk -t1 -c8 -d"${MIX_SECONDS}s" -s "$WORK/mixed.lua" "http://127.0.0.1:$SERVICE_PORT" >"$WORK/mixed.txt" &
WRK=$!
for second in $(seq 0 10 "$MIX_SECONDS"); do
    printf "  t=%3d s  RSS %6d KiB\n" "$second" "$(awk '/VmRSS/ {print $2}' "/proc/$SERVICE_PID/status")"
    [ "$second" -lt "$MIX_SECONDS" ] && sleep 10
done
wait "$WRK" || true
grep -E "requests in|Requests/sec|Non-2xx" "$WORK/mixed.txt" | sed 's/^/  /'
curl -s "http://127.0.0.1:$SERVICE_PORT/metrics" | grep -E "^kinetic_cache_(bytes|entries)|^kinetic_render_seconds_count" | sed 's/^/  /'
fi
