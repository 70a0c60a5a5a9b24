#!/usr/bin/env bash
# `npm test`: lint, typecheck and test of every project (nx run-many -t lint typecheck test), in two
# lanes that start together:
#   1. the browser tests (web-e2e: the web build, then about 20 minutes of Debian's Chromium against
#      `npm start`; they mostly wait on the browser), then web-e2e's own lint and typecheck;
#   2. everything else, two tasks at a time.
# Started last, as one task among the others, the browser tests were the critical path (the run took
# 39 minutes on two cores; in two lanes about 30). More lanes load two cores past what the timing-
# sensitive tests bear. Exits non-zero when anything in either lane failed.
set -uo pipefail
cd "$(dirname "$0")/.."
nx() { npx nx "$@" --outputStyle=stream; }

( nx run-many -t test -p web-e2e; tests=$?; nx run-many -t lint typecheck -p web-e2e; own=$?; [ "$tests" -eq 0 ] && [ "$own" -eq 0 ] ) &
browser=$!
nx run-many -t lint typecheck test --exclude=web-e2e --parallel=2
rest=$?
wait "$browser"; browser_status=$?
[ "$rest" -eq 0 ] && [ "$browser_status" -eq 0 ]
