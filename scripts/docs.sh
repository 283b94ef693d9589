#!/usr/bin/env bash
# scripts/docs.sh: the DocC documentation of the three library products (ShortcutServe, ShortcutHTTP,
# SwifterCompat), built from the compiler's symbol graphs with the toolchain's own `docc` (no plugin, nothing
# to download). Each product's catalog is Sources/<Product>/<Product>.docc: an overview and task articles.
# Fails on any docc warning (a broken link, an unresolved symbol) and on a public symbol without a doc comment.
#   scripts/docs.sh          build into .build/docs/<Product>.doccarchive
# $SWIFT_SCRATCH_PATH: the build folder to reuse (test.sh's .build/checks); $DOCS_OUTPUT: where the archives go.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$PWD
SCRATCH=${SWIFT_SCRATCH_PATH:-$ROOT/.build}
OUT=${DOCS_OUTPUT:-$ROOT/.build/docs}
PRODUCTS=(ShortcutServe ShortcutHTTP SwifterCompat)
# The toolchain ships docc beside swift (Linux tarballs, Xcode through xcrun).
DOCC=$(dirname "$(command -v swift)")/docc
[ -x "$DOCC" ] || DOCC=$(xcrun --find docc 2> /dev/null || command -v docc || true)
if [ -z "$DOCC" ] || [ ! -x "$DOCC" ]; then
  echo "docs: this toolchain has no docc" >&2
  exit 1
fi
started=$(date +%s)
# The public symbol graphs of every module; it also tries the test targets, which may fail on an unbuilt tree:
# only the products' graphs count, and they must be fresh.
marker=$(mktemp)
swift package --scratch-path "$SCRATCH" dump-symbol-graph --minimum-access-level public > "$marker.log" 2>&1 || true
graphs=$(ls -dt "$SCRATCH"/*/symbolgraph 2> /dev/null | head -1)
for product in "${PRODUCTS[@]}"; do
  if [ -z "$graphs" ] || [ ! "$graphs/$product.symbols.json" -nt "$marker" ]; then
    echo "docs: swift package dump-symbol-graph wrote no fresh graph of $product:" >&2
    tail -40 "$marker.log" >&2
    exit 1
  fi
done
rm -f "$marker" "$marker.log"
# Every public symbol of a product has a doc comment (its own, or the protocol requirement's it implements).
python3 - "$graphs" "${PRODUCTS[@]}" << 'PY'
import glob, json, os, sys
folder, products = sys.argv[1], sys.argv[2:]
missing = []
for module in products:
    for path in glob.glob(os.path.join(folder, module + ".symbols.json")) + glob.glob(os.path.join(folder, module + "@*.symbols.json")):
        graph = json.load(open(path, encoding="utf-8"))
        implements = {r["source"] for r in graph["relationships"] if r["kind"] in ("requirementOf", "defaultImplementationOf")}
        for symbol in graph["symbols"]:
            precise = symbol["identifier"]["precise"]
            if symbol.get("accessLevel") != "public" or "::SYNTHESIZED::" in precise or precise in implements:
                continue
            if not symbol.get("docComment"):
                missing.append(f"{module}.{'.'.join(symbol['pathComponents'])}")
if missing:
    print(f"docs: {len(missing)} public symbols have no doc comment:", file=sys.stderr)
    print("\n".join("  " + m for m in sorted(set(missing))), file=sys.stderr)
    sys.exit(1)
PY
mkdir -p "$OUT"
for product in "${PRODUCTS[@]}"; do
  one=$(mktemp -d)
  cp "$graphs/$product.symbols.json" "$one/"
  cp "$graphs/$product"@*.symbols.json "$one/" 2> /dev/null || true
  "$DOCC" convert "Sources/$product/$product.docc" --additional-symbol-graph-dir "$one" \
    --fallback-display-name "$product" --fallback-bundle-identifier "org.shortcut-serve.$product" \
    --analyze --warnings-as-errors --output-path "$OUT/$product.doccarchive" > "$one/docc.log" 2>&1 || {
    cat "$one/docc.log" >&2
    echo "docs: docc found problems in $product's documentation (above)" >&2
    exit 1
  }
  if grep -q "warning:" "$one/docc.log"; then
    cat "$one/docc.log" >&2
    exit 1
  fi
  rm -rf "$one"
done
echo "docs: ${PRODUCTS[*]} built into $OUT in $(($(date +%s) - started)) s"
