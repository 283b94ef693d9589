#!/usr/bin/env python3
"""README.md and docs/*.md, run as a newcomer runs them: every shell command of their indented blocks, in order.

    python3 Tests/Readme/readme_test.py --bin PATH/TO/shortcut-serve

Each file is its own sequence, README.md first, then docs/*.md by name (a file without commands is left out):
a new temp folder is the working directory and the home (XDG_DATA_HOME inside it, so the default store is
new), `shortcut-serve` on PATH is the binary given, and each command of the file runs in order:
  - `shortcut-serve` with options only (or `record`) starts a server in the background (the one before it is stopped,
    as a user stops it with Ctrl-C); it must print its `listening on` line; the file's last server stops at its end;
  - any other `shortcut-serve …` or `curl …` must exit 0 (or 0 or 1 where the text says `exit 0 or 1`);
  - a status the text claims for a `curl -si` (a comment or the next line starting `# 301`, `# 200` …)
    must be the status answered.
What a newcomer cannot run here is skipped and listed: the install and test scripts (test.sh runs both),
tunnels (cloudflared, tailscale, ngrok), `probe` (it waits for a phone), the command-line synopsis (its
`[options]`), and lines with a placeholder (`ID`, `UDID`, `NAME` …). One placeholder is filled in: `ID` in the
command right after one whose answer is a JSON object with an `id` (a `POST /api/mock`) is that id, as a
reader copies it. Port 9081 becomes a free port, and `--host 0.0.0.0` or `::` becomes 127.0.0.1 (servers here
listen on loopback only). The association files the universal-links examples serve are made first: the text
assumes the user has them.
Exit 0 when every command behaved as written; 1 with one line per difference.
"""
import argparse
import json
import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import tempfile
import time

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
COMMANDS = re.compile(r"^(shortcut-serve|curl|scripts/|cloudflared|tailscale|ngrok|swift |brew )")
SKIPPED_PROGRAMS = ("scripts/", "cloudflared", "tailscale", "ngrok", "swift ", "brew ")
PLACEHOLDERS = {"ID", "UDID", "FILE", "URL", "DIR", "N", "T", "ADDRESS", "APP_URL", "FILE..."}
AASA = '{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/buy/*"}]}]}}\n'
ASSET_LINKS = ('[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", '
               '"package_name": "com.example.app", "sha256_cert_fingerprints": ["' + ":".join(["AB"] * 32) + '"]}}]\n')


def commands(text):
    """(line number, command, claimed status or None, may exit 1) for each command line of the indented
    blocks, continuation lines (a trailing backslash, an open quote) joined."""
    lines = text.split("\n")
    found = []
    i = 0
    fenced = False
    while i < len(lines):
        line = lines[i]
        if line.startswith("```"):
            fenced = not fenced
        if fenced or not line.startswith("    ") or not COMMANDS.match(line[4:]):
            i += 1
            continue
        number = i + 1
        command = line[4:]
        while True:
            body = command.rstrip()
            if body.endswith("\\"):
                command = body[:-1] + " " + lines[i + 1].strip()
                i += 1
                continue
            try:
                shlex.split(strip_comment(command))
                break
            except ValueError:  # an open quote: the command goes on
                command += "\n" + lines[i + 1][4:]
                i += 1
        comment = command[len(strip_comment(command)):]
        claim = re.match(r"\s*#\s*(\d{3})\b", comment)
        nxt = lines[i + 1][4:] if i + 1 < len(lines) and lines[i + 1].startswith("    ") else ""
        claim = claim or re.match(r"#\s*(\d{3})\b", nxt)
        found.append((number, strip_comment(command).strip(), int(claim.group(1)) if claim else None, "exit 0 or 1" in comment))
        i += 1
    return found


def strip_comment(command):
    """`command` without its trailing `# …` comment (a `#` outside quotes, after a space)."""
    quote = None
    for index, char in enumerate(command):
        if quote:
            if char == quote:
                quote = None
        elif char in "'\"":
            quote = char
        elif char == "#" and (index == 0 or command[index - 1] in " \t"):
            return command[:index].rstrip()
    return command


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, argv, env, cwd):
        self.proc = subprocess.Popen(argv, env=env, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     stdin=subprocess.DEVNULL)
        self.first = self.proc.stdout.readline().decode(errors="replace")

    def stop(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def documents():
    """README.md, then docs/*.md by name: the files whose commands run, each relative to the repository."""
    docs = os.path.join(ROOT, "docs")
    names = sorted(name for name in os.listdir(docs) if name.endswith(".md")) if os.path.isdir(docs) else []
    return ["README.md"] + [os.path.join("docs", name) for name in names]


def answered_id(out):
    """The `id` of the JSON object a command printed (after the header section of a `curl -si`), or None."""
    body = out.split("\r\n\r\n", 1)[1] if out.startswith("HTTP/") and "\r\n\r\n" in out else out
    try:
        value = json.loads(body)
    except ValueError:
        return None
    return value.get("id") if isinstance(value, dict) and isinstance(value.get("id"), str) else None


def run_file(name, binary):
    """Runs one file's commands in a new home, with a new port: (commands run, failures, skipped)."""
    home = tempfile.mkdtemp(prefix="shortcut-serve-readme-")
    bindir = os.path.join(home, "bin")
    os.makedirs(bindir)
    os.symlink(binary, os.path.join(bindir, "shortcut-serve"))
    env = dict(os.environ, HOME=home, XDG_DATA_HOME=os.path.join(home, "data"), PATH=bindir + os.pathsep + os.environ["PATH"])
    env.pop("SHORTCUT_SERVE_API_TOKEN", None)
    with open(os.path.join(home, "apple-app-site-association"), "w") as f:
        f.write(AASA)
    with open(os.path.join(home, "assetlinks.json"), "w") as f:
        f.write(ASSET_LINKS)
    port = str(free_port())
    failures, skipped, ran = [], [], 0
    server = None
    last_id = None
    try:
        for number, command, claim, may_fail in commands(open(os.path.join(ROOT, name), encoding="utf-8").read()):
            words = shlex.split(command)
            if last_id:  # `ID` right after an answer that named its id: that id
                words = [re.sub(r"(?<![\w-])ID(?![\w-])", last_id, w) for w in words]
            last_id = None
            reason = None
            if command.startswith(SKIPPED_PROGRAMS):
                reason = "not run here"
            elif any(w.startswith("[") or w == "|" for w in words) or command.endswith("…"):
                reason = "synopsis"
            elif any(word in PLACEHOLDERS or re.fullmatch(r"https?://NAME[\w.:-]*", word) for word in words):
                reason = "placeholder"
            elif words[:2] == ["shortcut-serve", "probe"]:
                reason = "waits for a phone"
            if reason:
                skipped.append(f"{name}:{number}: {reason}: {command.splitlines()[0][:90]}")
                continue
            words = [w.replace("9081", port) for w in words]
            ran += 1
            starts_server = len(words) > 1 and (words[1] == "record" or (words[1].startswith("--") and words[1] not in ("--version", "--help")))
            if words[0] == "shortcut-serve" and starts_server:
                if server:
                    server.stop()
                words = ["127.0.0.1" if w in ("0.0.0.0", "::") else w for w in words]
                if "--port" not in words:
                    words += ["--port", port]
                server = Server(words, env, home)
                if not server.first.startswith("listening on http://"):
                    err = server.proc.stderr.read().decode(errors="replace") if server.proc.poll() is not None else ""
                    failures.append(f"{name}:{number}: {command}: no 'listening on' line: {server.first!r} {err[:300]}")
                    server = None
                continue
            done = subprocess.run(words, env=env, cwd=home, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
            out = done.stdout.decode(errors="replace")
            allowed = (0, 1) if may_fail else (0,)
            if done.returncode not in allowed:
                failures.append(f"{name}:{number}: {command.splitlines()[0]}: exit {done.returncode}: "
                                f"{done.stderr.decode(errors='replace').strip()[:300]}")
            elif claim is not None and words[0] == "curl" and "-si" in words:
                status = re.match(r"HTTP/1\.1 (\d{3})", out)
                if not status or int(status.group(1)) != claim:
                    failures.append(f"{name}:{number}: {command.splitlines()[0]}: the text says {claim}, "
                                    f"the server answered {status.group(1) if status else out[:80]!r}")
            last_id = answered_id(out)
    finally:
        if server:
            server.stop()
    return ran, failures, skipped


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", required=True, help="the shortcut-serve binary")
    args = parser.parse_args()
    binary = os.path.abspath(args.bin)
    failures, skipped, counts = [], [], []
    for name in documents():
        ran, failed, left = run_file(name, binary)
        failures += failed
        skipped += left
        if ran or left:
            counts.append(f"{name} {ran}")
    for line in skipped:
        print(f"skipped {line}")
    for line in failures:
        print(f"FAIL {line}", file=sys.stderr)
    ran = sum(int(count.rsplit(" ", 1)[1]) for count in counts)
    print(f"readme: {ran} commands run in order ({', '.join(counts)}), {len(failures)} differ from what the text says, "
          f"{len(skipped)} skipped")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
