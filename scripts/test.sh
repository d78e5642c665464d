#!/usr/bin/env bash
# `npm test`: every test.
#   1. unit + API tests: bun test (in-process, temporary databases), once on SQLite and once on PostgreSQL (a throwaway
#      cluster of Debian's postgresql started by scripts/pg-cluster.ts, one database per test app)
#   2. npm run build: the web app and the binary dist/multi100; then tsc over the server, plugins, tests and web app,
#      and over the widget, then Biome's format and lint check (each counted as one test)
#   3. browser tests: Playwright (run by node) with Debian Chromium against the binary
# Closes with the line CI reads: "N passed, N failed" summed over both runners; exits non-zero if anything failed.
# Chromium is required, never skipped: /usr/bin/chromium, or CHROMIUM_PATH.
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"

chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$chromium" ]; then
  echo "npm test: Chromium not found at $chromium." >&2
  echo "  The browser tests need Debian's chromium (Playwright never downloads a browser here)." >&2
  echo "  Install it:  apt-get update && apt-get install -y chromium" >&2
  echo "  (or point CHROMIUM_PATH at a Chromium/Chrome binary)" >&2
  echo "0 passed, 1 failed"
  exit 1
fi
if ! command -v bun >/dev/null 2>&1; then
  echo "npm test: bun not found in node_modules/.bin; run: npm install" >&2
  echo "0 passed, 1 failed"
  exit 1
fi

if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  echo "npm test: PostgreSQL 15 or newer not found (/usr/lib/postgresql/N/bin)." >&2
  echo "  The API tests also run on the PostgreSQL store; install its programs (no cluster is needed):" >&2
  echo "  apt-get update && apt-get install -y postgresql" >&2
  echo "0 passed, 1 failed"
  exit 1
fi

tmp=$(mktemp -d)
# The cluster's folder must be the postgres user's (under root, PostgreSQL runs as it), so not inside $tmp.
pgdir=$(mktemp -d /tmp/multi100-pg.XXXXXX)
trap 'bun scripts/pg-cluster.ts stop "$pgdir" >/dev/null 2>&1; rm -rf "$tmp" "$pgdir"' EXIT

# The PostgreSQL server of the tests, for both passes: the first uses it only in the tests of that store and in those
# that compare the two stores (TEST_POSTGRES_URL); the second runs every test on it (TEST_DATABASE_URL).
echo "== a throwaway PostgreSQL cluster (scripts/pg-cluster.ts)"
if ! TEST_POSTGRES_URL=$(bun scripts/pg-cluster.ts start "$pgdir"); then
  echo "npm test: the PostgreSQL test cluster did not start" >&2
  echo "0 passed, 1 failed"
  exit 1
fi
export TEST_POSTGRES_URL

# 1. bun test (its report goes to stderr). *.e2e.ts files are not test files for bun.
echo "== unit and API tests (bun test)"
bun test --timeout 20000 "$@" 2>&1 | tee "$tmp/bun.log"
unit_rc=${PIPESTATUS[0]}
unit_p=$(grep -Eo '^ *[0-9]+ pass$' "$tmp/bun.log" | grep -Eo '[0-9]+' | tail -1)
unit_f=$(grep -Eo '^ *[0-9]+ fail$' "$tmp/bun.log" | grep -Eo '[0-9]+' | tail -1)
unit_p=${unit_p:-0}
unit_f=${unit_f:-0}
if [ "$unit_rc" -ne 0 ] && [ "$unit_f" -eq 0 ]; then unit_f=1; fi # crashed or no tests: count it

# 1b. the same tests on PostgreSQL
echo "== unit and API tests on PostgreSQL (bun test)"
TEST_DATABASE_URL="$TEST_POSTGRES_URL" bun test --timeout 20000 "$@" 2>&1 | tee "$tmp/bun-pg.log"
pg_rc=${PIPESTATUS[0]}
pg_p=$(grep -Eo '^ *[0-9]+ pass$' "$tmp/bun-pg.log" | grep -Eo '[0-9]+' | tail -1)
pg_f=$(grep -Eo '^ *[0-9]+ fail$' "$tmp/bun-pg.log" | grep -Eo '[0-9]+' | tail -1)
pg_p=${pg_p:-0}
pg_f=${pg_f:-0}
if [ "$pg_rc" -ne 0 ] && [ "$pg_f" -eq 0 ]; then pg_f=1; fi
bun scripts/pg-cluster.ts stop "$pgdir"

# 2. the binary
echo "== build (npm run build)"
build_rc=0
bun scripts/build.ts || build_rc=$?

# 2b. types, after the build has generated the web app's styled-system and route tree: bun runs TypeScript without
# checking it, so a type error would otherwise reach main unnoticed.
echo "== type check (tsc)"
type_p=0
type_f=0
for project in . widget; do
  if tsc --noEmit -p "$project"; then type_p=$((type_p + 1)); else type_f=$((type_f + 1)); fi
done

# 2c. format and lint (Biome, biome.json): one more test; a warning counts as a failure.
echo "== format and lint (biome ci)"
if biome ci --error-on-warnings .; then type_p=$((type_p + 1)); else type_f=$((type_f + 1)); fi

# 3. Playwright, counted from its JSON report
e2e_p=0
e2e_f=0
e2e_s=0
e2e_rc=0
if [ "$build_rc" -ne 0 ]; then
  echo "npm test: the build failed; the browser tests cannot run" >&2
  e2e_f=1
  e2e_rc=1
else
  echo "== browser tests (playwright, $chromium)"
  export CHROMIUM_PATH="$chromium"
  export E2E_JSON_REPORT="$tmp/playwright.json"
  playwright test || e2e_rc=$?
  if [ -s "$E2E_JSON_REPORT" ]; then
    read -r e2e_p e2e_f e2e_s < <(node -e '
      const s = require(process.argv[1]).stats ?? {};
      const errors = (require(process.argv[1]).errors ?? []).length;
      console.log((s.expected ?? 0) + (s.flaky ?? 0), (s.unexpected ?? 0) + errors, s.skipped ?? 0);
    ' "$E2E_JSON_REPORT")
  fi
  if [ "$e2e_rc" -ne 0 ] && [ "$e2e_f" -eq 0 ]; then e2e_f=1; fi # no report or a global error: count it
  if [ "$e2e_rc" -eq 0 ] && [ "$e2e_p" -eq 0 ]; then
    echo "npm test: Playwright ran no test" >&2
    e2e_f=1
    e2e_rc=1
  fi
fi

# The failures' names, last: CI keeps only the end of this output, and a failure it cannot name cannot be mended.
failures() {
  grep -h -E '^\(fail\) ' "$tmp/bun.log" 2>/dev/null | sed 's/^/  SQLite: /'
  grep -h -E '^\(fail\) ' "$tmp/bun-pg.log" 2>/dev/null | sed 's/^/  PostgreSQL: /'
  if [ -s "${E2E_JSON_REPORT:-}" ]; then
    node -e '
      const walk = (suite, path) => {
        for (const spec of suite.specs ?? []) for (const t of spec.tests ?? [])
          if (t.status === "unexpected") console.log("  Playwright: " + suite.file + ":" + spec.line + " " + spec.title);
        for (const child of suite.suites ?? []) walk(child, path);
      };
      for (const suite of require(process.argv[1]).suites ?? []) walk(suite);
    ' "$E2E_JSON_REPORT" 2>/dev/null
  fi
}
failed_names=$(failures | head -40)
if [ -n "$failed_names" ]; then
  echo
  echo "failed tests:"
  echo "$failed_names"
  for log in "$tmp/bun.log" "$tmp/bun-pg.log"; do
    if grep -q -E '^\(fail\) ' "$log" 2>/dev/null; then
      echo "the first failure's output in $(basename "$log"):"
      grep -m1 -B25 -E '^\(fail\) ' "$log" | cut -c1-220
    fi
  done
fi

echo
echo "(tsc and biome: ${type_p} pass / ${type_f} fail; bun test on SQLite: ${unit_p} pass / ${unit_f} fail; on PostgreSQL: ${pg_p} pass / ${pg_f} fail; playwright: ${e2e_p} pass / ${e2e_f} fail / ${e2e_s} skipped)"
passed=$((type_p + unit_p + pg_p + e2e_p))
failed=$((type_f + unit_f + pg_f + e2e_f))
if [ "$e2e_s" -gt 0 ]; then
  echo "${passed} passed, ${failed} failed, ${e2e_s} skipped"
else
  echo "${passed} passed, ${failed} failed"
fi
if [ "$type_f" -ne 0 ] || [ "$unit_rc" -ne 0 ] || [ "$pg_rc" -ne 0 ] || [ "$build_rc" -ne 0 ] || [ "$e2e_rc" -ne 0 ]; then exit 1; fi
exit 0
