#!/usr/bin/env bash
# scripts/sanitize.sh: the test suite under ThreadSanitizer (default) or AddressSanitizer, each in its own
# build folder (.build-thread, .build-address) so the normal .build is left alone.
#   scripts/sanitize.sh [thread|address] [swift test filter ...]
# Each filter is a regular expression over `Target.Suite/test`; several are ORed (`ShortcutStoreTests
# ShortcutServeTests` runs both targets). `swift test` links every test target into one runner, so the whole
# package and all its tests are built whatever the filter; only the run is narrowed.
#
# Any report fails the run, even one made inside a test that passed, and even one made by a server process a
# test started (the CLI and SIGHUP tests run the built shortcut-serve, and stop it with SIGTERM: its exit
# status, where TSan's exitcode would show, is read by no test). Every instrumented process writes its
# reports to .build-<kind>/sanitizer-reports/report.<pid> (log_path): they are printed at the end, and any
# file there makes the run exit 1. ThreadSanitizer does not stop at the first report (no halt_on_error), so
# one run lists every race and a server with a race keeps answering the test that found it.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
kind=${1:-thread}
[ $# -gt 0 ] && shift
args=(--sanitize="$kind" --scratch-path ".build-$kind")
for filter in "$@"; do
  [ -n "$filter" ] && args+=(--filter "$filter")
done
reports=$PWD/.build-$kind/sanitizer-reports
rm -rf "$reports"
mkdir -p "$reports"
# Options already in the environment come after ours, so they win.
case $kind in
  thread) export TSAN_OPTIONS="exitcode=66 log_path=$reports/report${TSAN_OPTIONS:+ $TSAN_OPTIONS}" ;;
  # XCTest's own allocations trip LeakSanitizer on Linux; leaks are not what this run looks for.
  address) export ASAN_OPTIONS="detect_leaks=0 log_path=$reports/report${ASAN_OPTIONS:+ $ASAN_OPTIONS}" ;;
esac
status=0
swift test "${args[@]}" || status=$?
found=("$reports"/report.*)
if [ -e "${found[0]}" ]; then
  cat "${found[@]}" >&2
  echo "error: the $kind sanitizer reported in ${#found[@]} process(es) (above; kept in $reports)" >&2
  status=1
fi
exit "$status"
