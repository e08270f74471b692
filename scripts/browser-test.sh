#!/usr/bin/env bash
# The page of `grundy serve` as a person uses it: builds the binary, starts
# the server on a free loopback port, drives Debian's Chromium with
# Playwright for Python (never `playwright install`: the browser is the
# system's /usr/bin/chromium), then stops the server. Screenshots go to
# target/browser-screenshots/.
#
#   bash scripts/browser-test.sh                         # builds target/fast/grundy
#   GRUNDY_BINARY=target/ci/grundy bash scripts/browser-test.sh   # a binary built already
set -euo pipefail
cd "$(dirname "$0")/.."

CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
if [ ! -x "$CHROMIUM" ]; then
    echo "browser-test.sh: $CHROMIUM is missing (apt-get install chromium)" >&2
    exit 1
fi
# scripts/test.sh passes the binary its `cargo test` built: building the one
# package alone would unify other features and compile the CLI again.
BINARY="${GRUNDY_BINARY:-}"
if [ -z "$BINARY" ]; then
    PROFILE="${GRUNDY_PROFILE:-fast}"
    cargo build --profile "$PROFILE" -p grundy-cli
    BINARY="target/$PROFILE/grundy"
fi

VENV=target/browser-venv
if [ ! -x "$VENV/bin/python" ] || ! "$VENV/bin/python" -c 'import playwright, pytest' 2>/dev/null; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install -q playwright pytest
fi

LOG="$(mktemp)"
"$BINARY" serve --port 0 --time-limit 20 >"$LOG" 2>&1 &
SERVER=$!
trap 'kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; rm -f "$LOG"' EXIT
for _ in $(seq 100); do
    grep -q 'listening on' "$LOG" && break
    sleep 0.1
done
ADDRESS="$(grep -o 'http://[^ ]*/' "$LOG" | head -1)"
if [ -z "$ADDRESS" ]; then
    echo "browser-test.sh: the server did not start:" >&2
    cat "$LOG" >&2
    exit 1
fi
mkdir -p target/browser-screenshots
GRUNDY_URL="$ADDRESS" CHROMIUM="$CHROMIUM" SCREENSHOTS=target/browser-screenshots \
    timeout 300 "$VENV/bin/python" -m pytest -q crates/grundy-cli/tests/browser
