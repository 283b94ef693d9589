#!/usr/bin/env python3
"""scripts/availability-lint.py: refuses API newer than the package's deployment targets (macOS 13, iOS 16)
used without an availability guard, in every .swift file under Sources/, Tests/ and Examples/.

Why: Linux has every API of its toolchain, so `swift build` here cannot see that a call is macOS 15 / iOS 18
only; an app that embeds the library for iOS 16 then fails to build (issue 23: `String(validating:as:)` in
SwifterCompat). The Darwin type-check (../shared/tools/darwin-typecheck.sh) proves it for real, but needs
SDK snapshots CI does not have; this rule runs everywhere and knows the APIs a Swift server is likely to
reach for. A use passes when an `#available(` or `@available(` guard stands on its line or within the
GUARD_LINES lines above it (an `if #available` branch or an annotated declaration), in a comment, or in a
branch Darwin does not compile (`#if !canImport(Darwin)`, `#if os(Linux)`, the `#else` of `#if canImport(Darwin)`).

Usage: scripts/availability-lint.py [ROOT]      exit 0: clean; 1: one `file:line: API (needs …)` per use
       scripts/availability-lint.py --self-test  checks the rule itself on made-up files
"""
import os
import re
import sys
import tempfile

GUARD_LINES = 8

# (pattern, what it is, where it first exists). Each is newer than macOS 13 / iOS 16.
NEWER_API = [
    (r"\bString\s*\(\s*validating\s*:", "String(validating:as:)", "macOS 15 / iOS 18"),
    (r"\bimport\s+Synchronization\b|\bMutex\s*<|\bAtomic\s*<", "Synchronization (Mutex, Atomic)", "macOS 15 / iOS 18"),
    (r"\b(U?Int128)\b", "Int128 / UInt128", "macOS 15 / iOS 18"),
    (r"\bwithTaskExecutorPreference\b|\bTaskExecutor\b|\bglobalConcurrentExecutor\b", "task executors", "macOS 15 / iOS 18"),
    (r"\bRangeSet\s*[<(]|\.indices\s*\(\s*where\s*:|\.removeSubranges\s*\(", "RangeSet", "macOS 15 / iOS 18"),
    (r"\bisolated\s+deinit\b", "isolated deinit", "macOS 15.4 / iOS 18.4"),
    (r"\bwith(Throwing)?DiscardingTaskGroup\b", "discarding task groups", "macOS 14 / iOS 17"),
    (r"@Observable\b|\bimport\s+Observation\b|\bwithObservationTracking\b", "Observation", "macOS 14 / iOS 17"),
    (r"#Predicate\b|\bPredicate\s*<", "Foundation Predicate", "macOS 14 / iOS 17"),
    (r"\bInlineArray\b|\b(Raw|UTF8|Output|Mutable|MutableRaw)?Span\s*<|\b(RawSpan|UTF8Span|OutputSpan)\b|\.(utf8Span|span|mutableSpan)\b",
     "InlineArray / Span", "macOS 26 / iOS 26"),
    (r"\bTask\s*\.\s*immediate\b|\bTask\s*\(\s*name\s*:", "Task.immediate / Task(name:)", "macOS 26 / iOS 26"),
]
GUARD = re.compile(r"[#@]available\s*\(")
COMMENT = re.compile(r"^\s*(//|\*|/\*)")
# Conditions under which Darwin never compiles the code: `#if !canImport(Darwin)`, `#if os(Linux)`, and the
# `#else` of `#if canImport(Darwin)`.
NOT_DARWIN = re.compile(r"^#if\s+(!\s*canImport\s*\(\s*Darwin\s*\)|os\s*\(\s*Linux\s*\))\s*$")
DARWIN = re.compile(r"^#if\s+canImport\s*\(\s*Darwin\s*\)\s*$")


def darwin_compiles(lines):
    """For each line, whether Darwin compiles it: False inside a branch that only another OS compiles."""
    compiled, stack = [], []  # stack: for each open #if, whether its current branch excludes Darwin
    for line in lines:
        text = line.strip()
        if text.startswith("#if"):
            stack.append((bool(NOT_DARWIN.match(text)), bool(DARWIN.match(text))))
            compiled.append(True)
            continue
        if text.startswith("#else") and stack:
            excludes, darwin = stack[-1]
            stack[-1] = (darwin, False)  # the #else of a Darwin-only #if is Darwin-excluded, and the reverse
            compiled.append(True)
            continue
        if text.startswith("#elseif") and stack:
            stack[-1] = (False, False)
        if text.startswith("#endif") and stack:
            stack.pop()
        compiled.append(not any(excludes for excludes, _ in stack))
    return compiled


def findings(path):
    with open(path, encoding="utf-8", errors="replace") as handle:
        lines = handle.read().split("\n")
    compiled = darwin_compiles(lines)
    for number, line in enumerate(lines, 1):
        if COMMENT.match(line) or not compiled[number - 1]:
            continue
        code = line.split("//", 1)[0]
        for pattern, what, needs in NEWER_API:
            if not re.search(pattern, code):
                continue
            window = lines[max(0, number - 1 - GUARD_LINES):number]
            if any(GUARD.search(above) for above in window):
                continue
            yield f"{path}:{number}: {what} needs {needs} (the package supports macOS 13 / iOS 16): guard it with if #available or @available"


def lint(root):
    problems = []
    for folder in ("Sources", "Tests", "Examples"):
        for directory, subfolders, files in os.walk(os.path.join(root, folder)):
            subfolders[:] = sorted(d for d in subfolders if not d.startswith("."))
            for name in sorted(files):
                if name.endswith(".swift"):
                    problems += list(findings(os.path.join(directory, name)))
    return problems


def self_test():
    cases = {
        "let s = String(validating: b, as: UTF8.self)\n": 1,
        "if #available(macOS 15, iOS 18, *) {\n    let s = String(validating: b, as: UTF8.self)\n}\n": 0,
        "@available(macOS 15, *)\nfunc f() { let m = Mutex<Int>(0) }\n": 0,
        "// String(validating:as:) is macOS 15 only\n": 0,
        "import Synchronization\nlet x: UInt128 = 1\n": 2,
        "let s = String.validatedUTF8(bytes)  // not String(validating:)\n": 0,
        "withDiscardingTaskGroup { _ in }\n": 1,
        "#if !canImport(Darwin)\nfinal class E: TaskExecutor {}\n#endif\n": 0,
        "#if canImport(Darwin)\nTask(operation: f)\n#else\nfinal class E: TaskExecutor {}\n#endif\n": 0,
        "#if canImport(Darwin)\nfinal class E: TaskExecutor {}\n#else\nlet x = 1\n#endif\n": 1,
        "#if os(Linux)\n#if DEBUG\nlet m = Mutex<Int>(0)\n#endif\n#endif\nlet n = Mutex<Int>(0)\n": 1,
    }
    failed = 0
    with tempfile.TemporaryDirectory() as root:
        os.makedirs(os.path.join(root, "Sources", "T"))
        path = os.path.join(root, "Sources", "T", "a.swift")
        for text, expected in cases.items():
            with open(path, "w") as handle:
                handle.write(text)
            found = lint(root)
            if len(found) != expected:
                failed += 1
                print(f"self-test: {text!r}: {len(found)} findings, expected {expected}: {found}")
    print(f"availability-lint self-test: {len(cases) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(self_test())
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    problems = lint(root)
    for problem in problems:
        print(problem)
    print(f"availability-lint: {len(problems)} uses of API newer than macOS 13 / iOS 16 without a guard")
    sys.exit(1 if problems else 0)
