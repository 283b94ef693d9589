#!/usr/bin/env bash
# scripts/sanitize.sh: the test suite under ThreadSanitizer (default) or AddressSanitizer, each in its own
# build folder so the normal .build is left alone. A report makes the run exit non-zero.
#   scripts/sanitize.sh [thread|address] [swift test filter]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
kind=${1:-thread}
filter=${2:-}
args=(--sanitize="$kind" --scratch-path ".build-$kind")
[ -n "$filter" ] && args+=(--filter "$filter")
# XCTest's own allocations trip LeakSanitizer on Linux; leaks are not what this run looks for.
[ "$kind" = address ] && export ASAN_OPTIONS=detect_leaks=0
swift test "${args[@]}"
