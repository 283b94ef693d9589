#!/usr/bin/env bash
# scripts/test.sh: the one command that runs every test of shortcut-serve on a fresh Debian machine.
#   1. installs what the tests need (apt-get, when run as root and something is missing)
#   2. refuses API newer than macOS 13 / iOS 16 without #available (scripts/availability-lint.py), checks
#      that every import follows Package.swift's layer list (scripts/layers.py) and the style
#      (scripts/format.sh: swift format lint --strict), builds everything warning-free (debug and tests with
#      -warnings-as-errors; release in .build, where the install stage finds it), and
#      checks that docs/public-api.txt is the public API (scripts/public-api.py --check) and that the three
#      products' DocC documentation builds without a warning (scripts/docs.sh)
#   3. unit and live-socket tests (swift test: parser, router, server, store, pages, API, CLI), the store's
#      concurrency, sharing and stats suites again under ThreadSanitizer (scripts/sanitize.sh; skipped, with a
#      note, where the toolchain cannot), the commands of README.md and docs/*.md in order (Tests/Readme), a soak of the fault,
#      delay and dribble stubs against the release binary (Tests/Soak: no wrong answer, fds and RSS flat), the
#      install command, then the example package Examples/IntegrationTest, which uses the ShortcutServe
#      library product by path
#   4. the conformance, security, slow-client and crash-kill tools of ../shared/conformance against the
#      release binary (skipped, with a note, where that folder is absent: it is not part of the product)
#   5. the browser tests: the pages in WebKitGTK under Xvfb (Tests/Browser)
#   6. the fuzz regression corpus (scripts/fuzz.sh 0: build the libFuzzer target, replay Tests/FuzzCorpus)
# Exits non-zero at the first failure. TEST_QUICK=1 skips the slow-client runs and shortens crash-kill and the soak.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$PWD
CONFORMANCE=${CONFORMANCE_DIR:-$ROOT/../shared/conformance}
# Each stage says its name; the last line lists how long each took (the suite's time is watched: CONTRIBUTING.md).
stage_name=""
stage_start=$SECONDS
stage_times=()
step() {
  [ -n "$stage_name" ] && stage_times+=("$(printf '%5d s  %s' $((SECONDS - stage_start)) "$stage_name")")
  stage_name="$*"
  stage_start=$SECONDS
  printf '\n== %s\n' "$*"
}

# ---------- 1. system packages ----------
need=()
command -v python3 > /dev/null || need+=(python3)
command -v curl > /dev/null || need+=(curl)
# The QR tests read our codes back with a real decoder, from PBM and from our SVG rendered by librsvg.
command -v zbarimg > /dev/null || need+=(zbar-tools)
command -v rsvg-convert > /dev/null || need+=(librsvg2-bin)
# The interface list is checked against iproute2's (netlink), a second way to ask the kernel.
command -v ip > /dev/null || need+=(iproute2)
if [ -d Tests/Browser ]; then
  command -v xvfb-run > /dev/null || need+=(xvfb xauth)
  /usr/bin/python3 -c 'import gi; gi.require_version("WebKit2", "4.1")' 2> /dev/null || need+=(python3-gi gir1.2-webkit2-4.1)
  fc-list 2> /dev/null | grep -q . || need+=(fonts-dejavu-core)
  # The offline page over TLS by a name: Debian's nginx as the terminator, a test CA made with openssl.
  command -v nginx > /dev/null || [ -x /usr/sbin/nginx ] || need+=(nginx)
  command -v openssl > /dev/null || need+=(openssl)
fi
if [ ${#need[@]} -gt 0 ]; then
  step "installing ${need[*]}"
  if [ "$(id -u)" = 0 ]; then
    # Another apt-get or dpkg (an unattended upgrade, a second terminal) may hold the locks: wait for it, up
    # to five minutes, saying so, rather than fail. `install` waits by itself (DPkg::Lock::Timeout);
    # `update` does not honour that option for the lists' lock, so it is tried again while that is the error.
    waited=0
    until output=$(apt-get -o DPkg::Lock::Timeout=300 update -q 2>&1); do
      if ! grep -q 'Could not get lock' <<< "$output" || [ "$waited" -ge 300 ]; then
        echo "$output" >&2
        exit 1
      fi
      [ "$waited" = 0 ] && echo "waiting for another apt-get or dpkg to finish (up to 5 minutes): $(grep -m1 'Could not get lock' <<< "$output")" >&2
      sleep 5
      waited=$((waited + 5))
    done
    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y -q --no-install-recommends "${need[@]}" > /dev/null
    # The browser tests start nginx themselves, on 127.0.0.1; a system service the package may have started
    # (on port 80, where no policy-rc.d forbids it) is stopped.
    if [ -f /run/nginx.pid ]; then /usr/sbin/nginx -s stop 2> /dev/null || true; fi
  else
    echo "missing ${need[*]}: run as root or apt-get install them" >&2
    exit 1
  fi
fi

# ---------- 2. build ----------
# Linux has every API of its toolchain: this rule refuses API newer than macOS 13 / iOS 16 without a guard.
step "availability rule (scripts/availability-lint.py)"
python3 scripts/availability-lint.py --self-test
python3 scripts/availability-lint.py
# Package.swift's layer list against every import (routes never the store, commands never a route, the CLI
# and ShortcutServe only the store's value types: it is sealed behind the services).
step "layers (scripts/layers.py)"
python3 scripts/layers.py --self-test
python3 scripts/layers.py
# The repository's style (.swift-format) with the toolchain's swift-format: every warning fails the run.
step "format (scripts/format.sh: swift format lint --strict)"
if swift format --version > /dev/null 2>&1; then
  scripts/format.sh
else
  echo "note: this toolchain has no swift-format; the style is not checked here"
fi
# The checks build with -warnings-as-errors into a folder of their own: the flag makes another build
# configuration, and in .build it would make the next `swift run` or `scripts/install.sh` rebuild everything.
SCRATCH=$ROOT/.build/checks
step "swift build (debug, tests, -warnings-as-errors; in .build/checks)"
swift build --scratch-path "$SCRATCH" --build-tests -Xswiftc -warnings-as-errors
# The release build goes into .build, where scripts/install.sh and `swift run -c release` look, so the install
# stage below finds it built (a second release build cost 71 s of a 12.5-minute run). -warnings-as-errors would
# make it another configuration there too: a warning fails it by its text instead (a fresh clone builds every
# file, so every warning is printed).
step "swift build -c release (no warning allowed; in .build, where scripts/install.sh finds it)"
release_log=$(mktemp)
swift build -c release 2>&1 | tee "$release_log"
if grep -q 'warning: ' "$release_log"; then
  echo "error: the release build printed the warnings above" >&2
  exit 1
fi
rm -f "$release_log"
export SHORTCUT_SERVE_BIN=$ROOT/.build/release/shortcut-serve
# The public surface of the library products, as the compiler sees it: a change shows in docs/public-api.txt.
step "public API (scripts/public-api.py --check: docs/public-api.txt)"
SWIFT_SCRATCH_PATH=$SCRATCH python3 scripts/public-api.py --check
# The DocC documentation of the three products (Sources/<Product>/<Product>.docc), from the same symbol graphs
# with the toolchain's docc: a broken link, an unresolved symbol or an undocumented public symbol fails the run.
step "documentation (scripts/docs.sh: docc convert --analyze --warnings-as-errors)"
SWIFT_SCRATCH_PATH=$SCRATCH scripts/docs.sh

# ---------- 3. unit and live tests ----------
step "swift test"
swift test --scratch-path "$SCRATCH" --skip-build
# The store shares its records between threads under 64 stripe locks, in types that are @unchecked Sendable:
# the compiler takes those locks on trust, so its concurrency, sharing and stats suites run again under
# ThreadSanitizer, where a report fails the run even if the test passed (CI's sanitizers job runs all of
# ShortcutStoreTests and the live tests). It builds in .build-thread, scripts/sanitize.sh's folder, so nothing
# else is rebuilt; `swift test` links every test target, so the whole package is built with TSan. Cost,
# measured on 2 cores: 1.2 minutes from scratch, as in CI (the build; the three suites run in 2 seconds);
# 4 seconds when .build-thread is up to date.
step "ThreadSanitizer: the store's concurrency, sharing and stats suites (scripts/sanitize.sh thread; in .build-thread)"
tsan=$(mktemp -d)
echo 'print("ok")' > "$tsan/probe.swift"
if swiftc -sanitize=thread -module-cache-path "$tsan/cache" "$tsan/probe.swift" -o "$tsan/probe" > /dev/null 2>&1 &&
  "$tsan/probe" > /dev/null 2>&1; then
  scripts/sanitize.sh thread PageStoreConcurrencyTests PageStoreSharingTests PageStoreStatsTests 2>&1 | tee "$tsan/run.log"
  # A filter that matches nothing passes silently: a renamed suite must not leave the locks unchecked.
  if ! grep -Eq 'Test run with [0-9]+ tests? in 3 suites passed' "$tsan/run.log"; then
    echo "error: ThreadSanitizer did not run the three store suites named in scripts/test.sh (renamed?)" >&2
    exit 1
  fi
else
  echo "note: this toolchain cannot build and run a -sanitize=thread program (no TSan runtime?); the store's locks are not checked here"
fi
rm -rf "$tsan"
# README.md, then each page of docs/, top to bottom, as a newcomer runs them: each command succeeds (or fails) as it says.
step "README and docs/, in order (Tests/Readme/readme_test.py)"
python3 Tests/Readme/readme_test.py --bin "$SHORTCUT_SERVE_BIN" | tail -1
# The WireMock faults, delays and dribbled bodies under 20 client threads for 30 s (15 s with TEST_QUICK; the
# 60-s runs are in docs/benchmarks.md): every answer checked (a fault must end as that fault does), and the
# server's open fds and VmRSS sampled every 5 s must come back to where they started (+2 fds, 10%).
step "fault, delay and dribble stubs soak (Tests/Soak/faults_soak.py)"
python3 Tests/Soak/faults_soak.py "$SHORTCUT_SERVE_BIN" --seconds "$([ -n "${TEST_QUICK:-}" ] && echo 15 || echo 30)"
# The stubs against the real WireMock 2.35.1 (the jar of PyPI's wiremock 2.7.0, in .build/oracle-venv): every case
# of Tests/Oracle/cases sent to both, and a difference not in Tests/Oracle/differences.json fails. About 5 s
# (20 s more the first time, for the venv).
step "oracle (scripts/oracle.sh: the stubs against WireMock 2.35.1)"
scripts/oracle.sh "$SHORTCUT_SERVE_BIN"
# README's install command, into a temp prefix: the binary answers from there, and the run command after
# it (swift run -c release, or a second install) finds nothing to rebuild.
step "install (scripts/install.sh into a temp prefix)"
prefix=$(mktemp -d)
scripts/install.sh "$prefix"
"$prefix/bin/shortcut-serve" --version
if swift build -c release --product shortcut-serve 2>&1 | grep -E '(Compiling|Linking) '; then
  echo "error: a release build after scripts/install.sh rebuilt the lines above" >&2
  exit 1
fi
rm -rf "$prefix"
# Another package depending on this one through the library product, as an app's tests would: it builds
# only while the product builds for a dependant (no unsafe flags), and its test starts the embedded server.
step "example package: Examples/IntegrationTest (the ShortcutServe product from another package)"
swift build --build-tests --package-path Examples/IntegrationTest -Xswiftc -warnings-as-errors
swift test --skip-build --package-path Examples/IntegrationTest

# ---------- 4. conformance and attack tools ----------
free_port() { python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])'; }
if [ -d "$CONFORMANCE" ]; then
  step "conformance tools from $CONFORMANCE against the release binary"
  STORE=$(mktemp -d)
  PORT=$(free_port)
  "$SHORTCUT_SERVE_BIN" --port "$PORT" --store "$STORE" --quiet &
  PID=$!
  trap 'kill $PID 2> /dev/null || true; rm -rf "$STORE"' EXIT
  python3 "$CONFORMANCE/probe.py" --port "$PORT" --wait 10
  python3 "$CONFORMANCE/replay.py" --port "$PORT" --min-pass 192 --json .build/conformance.json
  python3 "$CONFORMANCE/security.py" --port "$PORT" --store "$STORE"
  if [ -z "${TEST_QUICK:-}" ]; then
    for mode in slowloris slowbody slowread; do
      "$CONFORMANCE/slowloris.sh" --port "$PORT" --seconds 30 --connections 200 --mode "$mode"
    done
  fi
  kill "$PID"
  wait "$PID" 2> /dev/null || true
  kills=200
  [ -n "${TEST_QUICK:-}" ] && kills=30
  python3 "$CONFORMANCE/crash_kill.py" --start "$SHORTCUT_SERVE_BIN --port {port} --store {store} --quiet" \
    --kills "$kills" --max-seconds 300
else
  step "skipped: $CONFORMANCE is absent (the conformance tools live beside the repository, not in it)"
fi

# ---------- 5. browser ----------
if [ -d Tests/Browser ]; then
  step "browser tests (WebKitGTK under Xvfb)"
  xvfb-run -a -s '-screen 0 1280x1024x24' /usr/bin/python3 Tests/Browser/run.py --bin "$SHORTCUT_SERVE_BIN" --out .build/browser
fi

# ---------- 6. fuzz regression corpus ----------
if [ -x scripts/fuzz.sh ]; then
  step "fuzz regression corpus"
  scripts/fuzz.sh 0
fi

step "scripts/test.sh: every stage passed in $SECONDS s"
printf '%s\n' "${stage_times[@]}"
