#!/usr/bin/env python3
"""The layer rule of Package.swift, checked against the sources.

Package.swift's first comment lists the targets lowest first; a target may depend only on targets listed
above it. This script reads that list and every target's `dependencies:`, then every `import` in
Sources/<target>/ (plain, @testable, @_exported, scoped), and fails when
  - a dependency is listed below the target that has it (or not at all),
  - a file imports a module of this package its target does not depend on,
  - a file of a layer imports Glibc or Darwin outside ShortcutPlatform (every system call lives there; a
    test-only tool such as broken-pipe-probe may),
  - ShortcutRoutes imports ShortcutStore (routes reach records through the services), or
  - ShortcutCLI imports ShortcutRoutes (commands reach the routes only through ShortcutServe).
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
IMPORT = re.compile(r"^\s*(?:@\w+\s+)*import\s+(?:(?:struct|enum|class|protocol|func|var|let|typealias)\s+)?(\w+)", re.M)


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
                for module in IMPORT.findall(text):
                    where = os.path.relpath(path, root)
                    if layered and module in ONLY_IN and name not in ONLY_IN[module]:
                        problems.append(f"{where}: imports {module}; system calls belong in {', '.join(sorted(ONLY_IN[module]))}")
                    if module in all_targets and module != name and module not in deps:
                        problems.append(f"{where}: imports {module}, which {name} does not depend on in Package.swift")
                    if (name, module) in NEVER:
                        problems.append(f"{where}: {name} must not import {module}")
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
            "Sources/ShortcutCLI/C.swift": "@testable import ShortcutStore\nimport Foundation\n"}
    cases = [
        ("keeps every rule", base, layers, good, 0),
        ("an import without the dependency", base, layers, {**good, "Sources/ShortcutCLI/D.swift": "import ShortcutPlatform\n"}, 1),
        ("a scoped import counts", base, layers, {**good, "Sources/ShortcutCLI/D.swift": "@_exported import struct ShortcutPlatform.X\n"}, 1),
        ("Glibc outside the platform", base, layers, {**good, "Sources/ShortcutStore/D.swift": "import Glibc\n"}, 1),
        ("routes import the store", base[:2] + [("ShortcutRoutes", ["ShortcutPlatform", "ShortcutStore"])] + base[3:], layers,
         {**good, "Sources/ShortcutRoutes/D.swift": "import ShortcutStore\n"}, 2),
        ("a dependency listed below", [("ShortcutPlatform", ["ShortcutStore"])] + base[1:], layers, good, 1),
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
