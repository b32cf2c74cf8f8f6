# Sourced by the other scripts: tools first on PATH, telemetry and downloads off.
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
export WRANGLER_SEND_METRICS=false CLOUDFLARE_CF_FETCH_ENABLED=false
export CHROMEDRIVER=/usr/bin/chromedriver
