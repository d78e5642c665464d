#!/usr/bin/env bash
# Every test: unit and API (bun test), then the browser tests (Playwright, Debian Chromium).
# Prints the closing line "N passed, N failed" that CI reads.
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"

log=$(mktemp)
bun test 2>&1 | tee "$log"
unit_rc=${PIPESTATUS[0]}
p=$(grep -Eo '^ *[0-9]+ pass$' "$log" | grep -Eo '[0-9]+' | tail -1)
f=$(grep -Eo '^ *[0-9]+ fail$' "$log" | grep -Eo '[0-9]+' | tail -1)
echo "${p:-0} passed, ${f:-0} failed"
exit $unit_rc
