#!/usr/bin/env python3
"""The public surface of the library products, as the compiler sees it, kept in docs/public-api.txt.

    scripts/public-api.py            write docs/public-api.txt (after a deliberate change of the API)
    scripts/public-api.py --check    fail when the sources' public surface differs from the file (test.sh)

It runs `swift package dump-symbol-graph` (public declarations only) and lists, per module, every public
declaration with its signature: first the three products', then those of the package's other library targets,
which are `package` but for the types a product's public signature names (each product re-exports them type
by type, `@_exported import struct Module.Type`). The first line counts the declarations outside SwifterCompat
(whose surface is Swifter's); the last section lists problems, and must say "none": a public type of a module
that is not a product which no product re-exports, or a public extension of the standard library outside
SwifterCompat. A change of the public API thus shows as a change of this file in review, and is made on purpose.
"""
import difflib
import glob
import json
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "docs", "public-api.txt")
# The library products of Package.swift, in its order.
PRODUCTS = ['ShortcutServe', 'ShortcutHTTP', 'SwifterCompat']
# The surface whose size README states: every public declaration outside SwifterCompat (whose surface is Swifter's).
COUNTED_OUTSIDE = 'SwifterCompat'


def products_in_package():
    text = open(os.path.join(ROOT, "Package.swift"), encoding="utf-8").read()
    return re.findall(r'\.library\(name: "(\w+)"', text)


def symbol_graphs():
    started = time.time()
    # $SWIFT_SCRATCH_PATH: the build folder test.sh builds in (.build/checks), so the graph reuses its build.
    scratch = os.environ.get("SWIFT_SCRATCH_PATH") or os.path.join(ROOT, ".build")
    done = subprocess.run(["swift", "package", "--scratch-path", scratch, "dump-symbol-graph", "--minimum-access-level", "public"],
                          cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    folders = glob.glob(os.path.join(scratch, "*", "symbolgraph"))
    folder = max(folders, key=os.path.getmtime) if folders else None
    # It also tries the test targets, and fails on a tree whose tests are not built; only the products count.
    fresh = folder and all(os.path.exists(os.path.join(folder, p + ".symbols.json"))
                           and os.path.getmtime(os.path.join(folder, p + ".symbols.json")) >= started - 1 for p in PRODUCTS)
    if not fresh:
        sys.exit("public-api: swift package dump-symbol-graph wrote no graph of every product:\n"
                 + done.stdout.decode(errors="replace")[-3000:])
    return folder


def library_targets():
    """Package.swift's `.target(name:)`s: the library modules, products or not (TestSupport is the tests')."""
    text = open(os.path.join(ROOT, "Package.swift"), encoding="utf-8").read()
    return [name for name in re.findall(r'\.target\(\s*name: "(\w+)"', text) if name != "TestSupport"]


def reexported_types():
    """`@_exported import <kind> Module.Type` in the products' sources: {(Module, Type)}."""
    found = set()
    for product in PRODUCTS:
        for path in glob.glob(os.path.join(ROOT, "Sources", product, "**", "*.swift"), recursive=True):
            for module, name in re.findall(r"^@_exported import (?:struct|enum|class|protocol|typealias|func|var|let) (\w+)\.(\w+)",
                                           open(path, encoding="utf-8").read(), re.M):
                found.add((module, name))
    return found


def declarations_of(folder, module):
    """[(line, symbol, fragments, extended module)] of `module`'s public declarations."""
    found = []
    for path in sorted(glob.glob(os.path.join(folder, module + ".symbols.json")) +
                       glob.glob(os.path.join(folder, module + "@*.symbols.json"))):
        extended = os.path.basename(path)[len(module) + 1:-len(".symbols.json")] or None
        graph = json.load(open(path, encoding="utf-8"))
        for symbol in graph["symbols"]:
            if symbol.get("accessLevel") != "public":
                continue
            fragments = symbol.get("declarationFragments", [])
            signature = " ".join("".join(f["spelling"] for f in fragments).split())
            name = ".".join(symbol["pathComponents"])
            found.append((f"{module}.{name}  {signature}", symbol, fragments, extended))
    return found


def surface(folder):
    internal = [m for m in library_targets() if m not in PRODUCTS]
    exported = reexported_types()
    sections, counts, problems = [], {}, []
    for module in PRODUCTS + internal:
        found = declarations_of(folder, module)
        if module not in PRODUCTS and not found:
            continue
        lines = sorted(set(line for line, _, _, _ in found))
        counts[module] = len(lines)
        kind = "product" if module in PRODUCTS else "not a product: only what a product re-exports"
        sections.append(f"== {module} ({kind}): {len(lines)} public declarations")
        sections.extend(lines)
        sections.append("")
        for line, symbol, fragments, extended in found:
            if extended == "Swift" and module != "SwifterCompat":
                problems.append(f"{line.split('  ')[0]}: a public extension of the standard library's {symbol['pathComponents'][0]}")
            if module not in PRODUCTS and len(symbol["pathComponents"]) == 1 and extended is None \
                    and (module, symbol["pathComponents"][0]) not in exported:
                problems.append(f"{line.split('  ')[0]}: public in a module that is not a product, and no product re-exports it")
    outside = sum(n for m, n in counts.items() if m != COUNTED_OUTSIDE)
    head = [f"Public declarations outside {COUNTED_OUTSIDE}: {outside} (SwifterCompat: {counts.get(COUNTED_OUTSIDE, 0)})", ""]
    tail = ["== Problems (a public type of a module that is not a product must be re-exported by a product, type by type;",
            "   no public extension of the standard library outside SwifterCompat)"]
    tail.extend(sorted(set(problems)) or ["none"])
    return "\n".join(head + sections + tail) + "\n"


def main():
    if products_in_package() != PRODUCTS:
        sys.exit(f"public-api: Package.swift's library products are {products_in_package()}; update PRODUCTS here")
    text = surface(symbol_graphs())
    if "--check" in sys.argv[1:]:
        old = open(OUT, encoding="utf-8").read() if os.path.exists(OUT) else ""
        if old != text:
            diff = list(difflib.unified_diff(old.splitlines(), text.splitlines(), "docs/public-api.txt", "the sources", lineterm="", n=0))
            print("\n".join(diff[:60]))
            sys.exit("public-api: the public API differs from docs/public-api.txt; if the change is meant, run "
                     "scripts/public-api.py and commit the file")
        print(f"public-api: docs/public-api.txt is current ({text.count(chr(10))} lines; {text.splitlines()[0]})")
        if not text.rstrip().endswith("none"):
            sys.exit("public-api: docs/public-api.txt lists problems at its end")
        return
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    open(OUT, "w", encoding="utf-8").write(text)
    print(f"public-api: wrote docs/public-api.txt ({text.count(chr(10))} lines; {text.splitlines()[0]})")


if __name__ == "__main__":
    main()
