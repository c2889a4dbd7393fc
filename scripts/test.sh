#!/usr/bin/env bash
# The one test command: static checks, unit, integration (embedded and, when configured, PostgreSQL and Redis),
# then the production build in a real browser. It ends with a plain "N passed, N failed" line.
set -uo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
results=test-results
rm -rf "$results" && mkdir -p "$results"
status=0
skipped=()
durations=()

# Runs one leg and notes how long it took: the suite's time budget is spent per leg (printed at the end).
step() {
  local name="$1" started=$SECONDS
  echo
  echo "=== $name"
  shift
  "$@" || { echo "--- FAILED: $*"; status=1; }
  durations+=("$(printf '%4ds  %s' $((SECONDS - started)) "$name")")
}

step "lint" npm run --silent lint
step "typecheck" npm run --silent typecheck
step "unit tests" npx vitest run --project unit --project unit-dom --reporter=default --reporter=json --outputFile.json="$results/unit.json"
step "integration tests on embedded PGlite" env DATABASE_URL= npx vitest run --project integration --reporter=default --reporter=json --outputFile.json="$results/integration-pglite.json"
if [ -n "${DATABASE_URL:-}" ]; then
  step "integration tests on PostgreSQL" npx vitest run --project integration --reporter=default --reporter=json --outputFile.json="$results/integration-postgres.json"
else
  skipped+=("integration on PostgreSQL (set DATABASE_URL to run it)")
fi
if [ -z "${REDIS_URL:-}" ]; then
  skipped+=("rate limits on Redis (set REDIS_URL to run them)")
fi
# The build reads no database or Redis: it prerenders from its own in-memory demo database.
step "production build" env -u DATABASE_URL -u REDIS_URL npm run --silent build
step "end-to-end tests in Chromium" npx playwright test

echo
echo "Time per leg:"
printf '  %s\n' "${durations[@]}"
if [ ${#skipped[@]} -gt 0 ]; then
  for leg in "${skipped[@]}"; do echo "SKIPPED: $leg"; done
fi
node scripts/summarize-tests.mjs "$results" || status=1
exit $status
