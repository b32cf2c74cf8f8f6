#!/usr/bin/env bash
# Starts a background service for the tests and waits until it answers.
#   scripts/serve.sh worker <port> <logfile> [wrangler args…]   → prints the PID
#   scripts/serve.sh fault <port> <logfile>
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
kind=$1 port=$2 log=$3; shift 3
if curl -s -o /dev/null --max-time 2 "http://127.0.0.1:$port/"; then
  echo "[serve] port $port is already in use: stop whatever listens there first" >&2; exit 1
fi
case "$kind" in
  worker) state=$(mktemp -d)   # fresh KV and cache per server
          # Its inspector on a port of its own (port + 10000, below the OS's ephemeral ports):
          # left to wrangler, two starts at once could pick the same free port ("Address already
          # in use (socket direct:1:default)").
          setsid wrangler dev --local --ip 127.0.0.1 --port "$port" --inspector-port $((port + 10000)) \
            --show-interactive-dev-session=false \
            --persist-to "$state" "$@" >"$log" 2>&1 </dev/null &
          probe="http://127.0.0.1:$port/.well-known/agent.json" ;;
  fault)  setsid node tests/servers/fault-server.mjs "$port" >"$log" 2>&1 </dev/null &
          probe="http://127.0.0.1:$port/__count/x" ;;
  *) echo "unknown service $kind" >&2; exit 2 ;;
esac
pid=$!
for _ in $(seq 1 120); do
  if curl -sf -o /dev/null "$probe"; then echo "$pid"; exit 0; fi
  kill -0 "$pid" 2>/dev/null || { echo "[serve] $kind died; log:" >&2; cat "$log" >&2; exit 1; }
  sleep 0.5
done
echo "[serve] $kind on $port did not answer in 60 s; log:" >&2; cat "$log" >&2; exit 1
