#!/usr/bin/env bash
# Fuzzes the HTTP parser with libFuzzer + AddressSanitizer, then replays the committed regression corpus.
#
# usage: scripts/fuzz.sh [SECONDS] [--merge]
#   SECONDS   how long to fuzz (default 60); 0 only builds and replays Tests/FuzzCorpus
#   --merge   afterwards, add the inputs that reach new code edges to Tests/FuzzCorpus (commit them);
#             edges only (-use_counters=0), which keeps the set to a few hundred small files
#
# The target (Fuzz/FuzzHTTPParser.swift) is compiled with swiftc together with the parser's sources
# (Parser, Message, Router and ServerLimits: the parts that need no C shim) into one module, so
# Package.swift is left alone. The corpus is seeded from ../shared/conformance/fuzz/seed_corpus.py when
# that folder is there. Exit 0: no crash; 77 (or 1): a crash, saved under .build-fuzz/artifacts/.
# Reproduce one with: SWIFT_BACKTRACE=enable=no .build-fuzz/fuzz-http-parser .build-fuzz/artifacts/crash-…
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=60
merge=0
for arg in "$@"; do
    case "$arg" in
        --merge) merge=1 ;;
        ''|*[!0-9]*) echo "Error: unknown argument '$arg'" >&2; echo "Usage: scripts/fuzz.sh [SECONDS] [--merge]" >&2; exit 64 ;;
        *) seconds=$arg ;;
    esac
done

out=.build-fuzz
bin=$out/fuzz-http-parser
regression=Tests/FuzzCorpus
shared=../shared/conformance/fuzz
sources=(Sources/ShortcutHTTP/Parser/*.swift Sources/ShortcutHTTP/Message/*.swift Sources/ShortcutHTTP/Router/*.swift
    Sources/ShortcutHTTP/Writer/*.swift
    Fuzz/FuzzHTTPParser.swift)
platform=(Sources/ShortcutPlatform/*.swift)  # a module of its own below ShortcutHTTP, as in Package.swift
vocabulary=(Sources/HTTPVocabulary/*.swift)  # so is the HTTP field type and its byte classes
mkdir -p "$out/corpus" "$out/artifacts" "$regression"

if [ ! -x "$bin" ] || [ -n "$(find "${sources[@]}" "${platform[@]}" -newer "$bin" 2>/dev/null)" ] ||
    [ -n "$(find "${vocabulary[@]}" -newer "$bin" 2>/dev/null)" ]; then
    echo "fuzz: building $bin"
    mkdir -p "$out/platform/shims"
    # ShortcutPlatform imports CSystemShims (epoll, accept4): its header as a module, its C file linked in.
    printf 'module CSystemShims {\n    header "%s"\n    export *\n}\n' "$PWD/Sources/CSystemShims/include/CSystemShims.h" \
        > "$out/platform/shims/module.modulemap"
    clang -c -g -O2 -fsanitize=address Sources/CSystemShims/CSystemShims.c -I Sources/CSystemShims/include \
        -o "$out/platform/CSystemShims.o"
    swiftc -parse-as-library -swift-version 6 -package-name shortcut_serve -sanitize=address -g -O -module-name ShortcutPlatform \
        -I "$out/platform/shims" -emit-library -static -emit-module \
        -emit-module-path "$out/platform/ShortcutPlatform.swiftmodule" \
        "${platform[@]}" "$out/platform/CSystemShims.o" -o "$out/platform/libShortcutPlatform.a"
    mkdir -p "$out/vocabulary"
    swiftc -parse-as-library -swift-version 6 -package-name shortcut_serve -sanitize=address -g -O -module-name HTTPVocabulary \
        -emit-library -static -emit-module -emit-module-path "$out/vocabulary/HTTPVocabulary.swiftmodule" \
        "${vocabulary[@]}" -o "$out/vocabulary/libHTTPVocabulary.a"
    # ld.gold warns "Cannot export local symbol __asan_*"; the warning is harmless.
    swiftc -parse-as-library -swift-version 6 -package-name shortcut_serve -sanitize=fuzzer,address -g -O -module-name ShortcutHTTP \
        -I "$out/platform" -I "$out/platform/shims" -L "$out/platform" -lShortcutPlatform \
        -I "$out/vocabulary" -L "$out/vocabulary" -lHTTPVocabulary \
        "${sources[@]}" -o "$bin" 2> >(grep -v 'Cannot export local symbol' >&2)
fi

# Swift's own backtracer would catch a crash before ASan and hide the report.
export SWIFT_BACKTRACE=enable=no
dict=()
if [ "$seconds" -gt 0 ]; then
    if [ -f "$shared/seed_corpus.py" ]; then
        python3 "$shared/seed_corpus.py" "$out/corpus" --dict "$out/http.dict"
        dict=(-dict="$out/http.dict")
    else
        echo "fuzz: $shared not found; seeding from $regression only"
    fi
    "$bin" -max_total_time="$seconds" -max_len=4096 "${dict[@]}" -artifact_prefix="$out/artifacts/" \
        -print_final_stats=1 "$out/corpus" "$regression"
    if [ "$merge" = 1 ]; then
        "$bin" -merge=1 -use_counters=0 -max_len=4096 "$regression" "$out/corpus"
    fi
fi

echo "fuzz: replaying $(find "$regression" -type f | wc -l) regression inputs from $regression"
"$bin" -runs=0 "$regression"
