#!/usr/bin/env python3
"""The public surface of the library products, as the compiler sees it, kept in docs/public-api.txt.

    scripts/public-api.py            write docs/public-api.txt (after a deliberate change of the API)
    scripts/public-api.py --check    fail when the sources' public surface differs from the file (test.sh)

It runs `swift package dump-symbol-graph` (public declarations only) and lists, per product module, every
public declaration with its signature, then the declarations whose signature names a type of a module that
is not a product (such a type reaches users although they cannot import its module on purpose). A change of
the public API thus shows as a change of this file in review, and is made on purpose.
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
PRODUCTS = ['HTTPVocabulary', 'ShortcutHTTP', 'ShortcutStore', 'ShortcutPages', 'ShortcutQR', 'ShortcutJSON', 'ShortcutLinks', 'ShortcutRecords', 'ShortcutServe', 'SwifterCompat']
# Modules a signature may name besides the products: the toolchain's.
SYSTEM = {"Swift", "Foundation", "FoundationEssentials", "Dispatch", "_Concurrency", "Glibc", "Darwin", "s"}


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


def module_of(usr):
    """The module a type's USR names (`s:14ShortcutPlatform13SocketAddressV` -> ShortcutPlatform), or None."""
    match = re.match(r"s:(\d+)", usr or "")
    if not match:
        return None
    length = int(match.group(1))
    start = match.end()
    return usr[start:start + length]


def surface(folder):
    lines, leaks = [], {}
    for module in PRODUCTS:
        declarations = []
        for path in sorted(glob.glob(os.path.join(folder, module + ".symbols.json")) +
                           glob.glob(os.path.join(folder, module + "@*.symbols.json"))):
            graph = json.load(open(path, encoding="utf-8"))
            for symbol in graph["symbols"]:
                if symbol.get("accessLevel") != "public":
                    continue
                fragments = symbol.get("declarationFragments", [])
                signature = " ".join("".join(f["spelling"] for f in fragments).split())
                name = ".".join(symbol["pathComponents"])
                declarations.append(f"{module}.{name}  {signature}")
                for fragment in fragments:
                    if fragment.get("kind") != "typeIdentifier":
                        continue
                    owner = module_of(fragment.get("preciseIdentifier"))
                    if owner and owner not in SYSTEM and owner not in PRODUCTS:
                        leaks.setdefault(owner, set()).add(f"{module}.{name} ({fragment['spelling']})")
        declarations = sorted(set(declarations))
        lines.append(f"== {module}: {len(declarations)} public declarations")
        lines.extend(declarations)
        lines.append("")
    lines.append("== Signatures that name a type of a module that is not a product")
    if not leaks:
        lines.append("none")
    for owner in sorted(leaks):
        lines.append(f"-- {owner}: {len(leaks[owner])}")
        lines.extend(sorted(leaks[owner]))
    return "\n".join(lines) + "\n"


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
        print(f"public-api: docs/public-api.txt is current ({text.count(chr(10))} lines)")
        return
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    open(OUT, "w", encoding="utf-8").write(text)
    print(f"public-api: wrote docs/public-api.txt ({text.count(chr(10))} lines)")


if __name__ == "__main__":
    main()
