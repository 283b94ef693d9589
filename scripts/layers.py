#!/usr/bin/env python3
"""The layer rule of Package.swift, checked against the sources.

Package.swift's first comment lists the targets lowest first; a target may depend only on targets listed
above it. This script reads that list and every target's `dependencies:`, then every `import` in
Sources/<target>/ (plain, @testable, @_exported, scoped), and fails when
  - a dependency is listed below the target that has it (or not at all),
  - a file imports a module of this package its target does not depend on,
  - a file of a layer imports Glibc or Darwin outside ShortcutPlatform (every system call lives there; a
    test-only tool such as broken-pipe-probe may),
  - ShortcutRoutes imports ShortcutStore at all, even one type of it (routes reach records through the
    services),
  - ShortcutCLI imports ShortcutRoutes (commands reach the routes only through ShortcutServe), or
  - ShortcutCLI or ShortcutServe imports ShortcutStore other than for its value types: the store is sealed
    behind its services (ShortcutRecords), so these targets may only name types of STORE_VALUE_TYPES, each
    in a scoped import (`import struct ShortcutStore.StoredPage`, `@_exported import enum
    ShortcutStore.PageID`); a whole-module import (plain, @_exported, @testable), a @testable import of any
    kind or a scoped import of another name (`import class ShortcutStore.PageStore`) fails with its file
    and line.
`--self-test` runs it on small made-up trees that break each rule, and on one that keeps them.
"""
import os
import re
import shutil
import sys
import tempfile

# Imports allowed only where named: (module imported, the only targets that may).
ONLY_IN = {"Glibc": {"ShortcutPlatform"}, "Darwin": {"ShortcutPlatform"}}
# (target, module it must never import): the two arrows the app layer's split is about.
NEVER = [("ShortcutRoutes", "ShortcutStore"), ("ShortcutCLI", "ShortcutRoutes")]
# The store is sealed behind its services: these targets may import ShortcutStore only for these value types,
# one scoped import each (what a service hands back or throws; never PageStore, which only the services open).
SEALED_STORE = "ShortcutStore"
SEALED_FROM = {"ShortcutCLI", "ShortcutServe"}
STORE_VALUE_TYPES = {"StoredPage", "PageSummary", "PageStats", "PageID", "PageLookup", "RecordDamage", "StoreProblem",
                     "PageStoreError", "RunningServer"}
# One import declaration: its attributes (@testable, @_exported, @_spi(X) …), the kind of a scoped import, the
# module and the name a scoped import takes from it. Horizontal space only, so a match starts on its own line.
IMPORT = re.compile(
    r"^[ \t]*((?:@\w+(?:\([^)\n]*\))?[ \t]+)*)import[ \t]+(?:(struct|enum|class|protocol|func|var|let|typealias)[ \t]+)?(\w+)(?:\.(\w+))?",
    re.M)


def sealed_store_problem(target, attributes, kind, name):
    """Why an import of the store by a target of SEALED_FROM breaks the seal, or None when it keeps it."""
    if kind and name in STORE_VALUE_TYPES and "@testable" not in attributes:
        return None
    rule = (f"{target} reaches the store through the services (ShortcutRecords): import only its value types, "
            f"e.g. `import struct {SEALED_STORE}.StoredPage`")
    if "@testable" in attributes:
        return f"{rule} (a @testable import opens its internals)"
    if kind:
        return f"{rule} ({name} is not one of them: STORE_VALUE_TYPES in scripts/layers.py)"
    return rule


def layer_order(manifest):
    """The target names of the layer comment, lowest first."""
    start = manifest.index("// Layers, lowest first.")
    names = []
    for line in manifest[start:].splitlines()[1:]:
        if not line.startswith("//"):
            break
        match = re.match(r"//   (\S+)\s", line)
        if match:
            names.append(match.group(1))
    return names


def targets(manifest):
    """{name: ([dependencies], is_test_or_tool)} for every target of the manifest."""
    found = {}
    for match in re.finditer(r"\.(target|executableTarget|testTarget)\(\s*name:\s*\"([^\"]+)\"(.*?)\)(?:,\s*\n|\s*\n\s*\])", manifest, re.S):
        kind, name, rest = match.groups()
        deps = re.search(r"dependencies:\s*\[(.*?)\]", rest, re.S)
        found[name] = (re.findall(r"\"([^\"]+)\"", deps.group(1)) if deps else [], kind)
    return found


def check(root):
    manifest = open(os.path.join(root, "Package.swift")).read()
    order = layer_order(manifest)
    rank = {name: i for i, name in enumerate(order)}
    all_targets = targets(manifest)
    problems = []
    for name, (deps, kind) in sorted(all_targets.items()):
        layered = name in rank
        for dep in deps:
            if layered and (dep not in rank or rank[dep] >= rank[name]):
                problems.append(f"Package.swift: {name} depends on {dep}, which the layer list does not put above it")
        folder = os.path.join(root, "Sources", name)
        if not os.path.isdir(folder):
            continue
        for dirpath, _, files in os.walk(folder):
            for file in sorted(files):
                if not file.endswith(".swift"):
                    continue
                path = os.path.join(dirpath, file)
                text = open(path).read()
                for match in IMPORT.finditer(text):
                    attributes, kind, module, scoped_name = match.groups()
                    where = os.path.relpath(path, root)
                    line = text.count("\n", 0, match.start()) + 1
                    if layered and module in ONLY_IN and name not in ONLY_IN[module]:
                        problems.append(f"{where}: imports {module}; system calls belong in {', '.join(sorted(ONLY_IN[module]))}")
                    if module in all_targets and module != name and module not in deps:
                        problems.append(f"{where}: imports {module}, which {name} does not depend on in Package.swift")
                    if (name, module) in NEVER:
                        problems.append(f"{where}: {name} must not import {module}")
                    elif name in SEALED_FROM and module == SEALED_STORE:
                        why = sealed_store_problem(name, attributes, kind, scoped_name)
                        if why:
                            problems.append(f"{where}:{line}: {why}; the line: `{match.group(0).strip()}`")
        for target, module in NEVER:
            if target == name and module in deps:
                problems.append(f"Package.swift: {name} must not depend on {module}")
    return problems


def self_test():
    def tree(manifest_targets, layers, files):
        root = tempfile.mkdtemp()
        comment = "// Layers, lowest first.\n" + "".join(f"//   {n}  x\n" for n in layers)
        body = "".join(f'        .target(name: "{n}", dependencies: [{", ".join(chr(34) + d + chr(34) for d in deps)}]),\n' for n, deps in manifest_targets)
        with open(os.path.join(root, "Package.swift"), "w") as f:
            f.write(comment + "let package = Package(\n    targets: [\n" + body + "    ]\n)\n")
        for path, text in files.items():
            os.makedirs(os.path.dirname(os.path.join(root, path)), exist_ok=True)
            with open(os.path.join(root, path), "w") as f:
                f.write(text)
        return root

    base = [("ShortcutPlatform", []), ("ShortcutStore", ["ShortcutPlatform"]), ("ShortcutRoutes", ["ShortcutPlatform"]),
            ("ShortcutCLI", ["ShortcutStore"])]
    layers = ["ShortcutPlatform", "ShortcutStore", "ShortcutRoutes", "ShortcutCLI"]
    good = {"Sources/ShortcutPlatform/A.swift": "import Glibc\n", "Sources/ShortcutRoutes/B.swift": "import ShortcutPlatform\n",
            "Sources/ShortcutCLI/C.swift": ("import Foundation\nimport struct ShortcutStore.StoredPage\n"
                                            "@_exported import enum ShortcutStore.PageStoreError\n"
                                            "import struct ShortcutStore.PageSummary\n")}

    def cli_imports(text):
        """The good tree with one more CLI file, its store import on line 3."""
        return {**good, "Sources/ShortcutCLI/D.swift": "import Foundation\n\n" + text}

    cases = [
        ("keeps every rule", base, layers, good, 0),
        ("an import without the dependency", base, layers, {**good, "Sources/ShortcutCLI/D.swift": "import ShortcutPlatform\n"}, 1),
        ("a scoped import counts", base, layers, {**good, "Sources/ShortcutCLI/D.swift": "@_exported import struct ShortcutPlatform.X\n"}, 1),
        ("Glibc outside the platform", base, layers, {**good, "Sources/ShortcutStore/D.swift": "import Glibc\n"}, 1),
        ("routes import the store", base[:2] + [("ShortcutRoutes", ["ShortcutPlatform", "ShortcutStore"])] + base[3:], layers,
         {**good, "Sources/ShortcutRoutes/D.swift": "import ShortcutStore\n"}, 2),
        ("routes import even one value type of the store", base[:2] + [("ShortcutRoutes", ["ShortcutPlatform", "ShortcutStore"])]
         + base[3:], layers, {**good, "Sources/ShortcutRoutes/D.swift": "import struct ShortcutStore.StoredPage\n"}, 2),
        ("a dependency listed below", [("ShortcutPlatform", ["ShortcutStore"])] + base[1:], layers, good, 1),
        # The sealed store: the CLI (and ShortcutServe) take only value types from it, one scoped import each.
        ("the CLI imports the whole store", base, layers, cli_imports("import ShortcutStore\n"), 1),
        ("the CLI re-exports the whole store", base, layers, cli_imports("@_exported import ShortcutStore\n"), 1),
        ("the CLI imports the store @testable", base, layers, cli_imports("@testable import ShortcutStore\n"), 1),
        ("a @testable scoped import of a value type", base, layers, cli_imports("@testable import struct ShortcutStore.StoredPage\n"), 1),
        ("the CLI imports PageStore", base, layers, cli_imports("import class ShortcutStore.PageStore\n"), 1),
        ("an import behind an attribute with arguments", base, layers, cli_imports("@_spi(Internal) import ShortcutStore\n"), 1),
        ("ShortcutServe imports the whole store", base + [("ShortcutServe", ["ShortcutStore"])], layers + ["ShortcutServe"],
         {**good, "Sources/ShortcutServe/E.swift": "import struct ShortcutStore.PageStats\nimport ShortcutStore\n"}, 1),
        ("every allowed value type, scoped", base + [("ShortcutServe", ["ShortcutStore"])], layers + ["ShortcutServe"],
         {**good, "Sources/ShortcutServe/E.swift": "".join(f"import struct ShortcutStore.{n}\n" for n in sorted(STORE_VALUE_TYPES))}, 0),
    ]
    failed = 0
    for title, manifest_targets, order, files, expected in cases:
        root = tree(manifest_targets, order, files)
        try:
            got = check(root)
        finally:
            shutil.rmtree(root)
        if len(got) != expected:
            failed += 1
            print(f"layers self-test: {title}: expected {expected} problems, got {len(got)}: {got}", file=sys.stderr)
        elif any("reaches the store" in p and not re.match(r"Sources/\w+/\w+\.swift:\d+: \w+ reaches the store through the services "
                                                            r"\(ShortcutRecords\): import only its value types", p) for p in got):
            failed += 1
            print(f"layers self-test: {title}: the message does not name the file, line and rule: {got}", file=sys.stderr)
    if failed:
        sys.exit(1)
    print(f"layers self-test: {len(cases)} cases pass")


def main():
    if "--self-test" in sys.argv:
        self_test()
        return
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    problems = check(root)
    for problem in problems:
        print(f"layers: {problem}", file=sys.stderr)
    if problems:
        sys.exit(1)
    print(f"layers: every import follows Package.swift's layer list ({len(targets(open(os.path.join(root, 'Package.swift')).read()))} targets)")


if __name__ == "__main__":
    main()
