#!/usr/bin/env python3
"""README.md, run as a newcomer runs it: every shell command of its indented blocks, top to bottom.

    python3 Tests/Readme/readme_test.py --bin PATH/TO/shortcut-serve

It makes a temp folder the working directory and the home (XDG_DATA_HOME inside it, so the default store
is new), puts `shortcut-serve` on PATH (the binary given), and runs each command of README.md in order:
  - `shortcut-serve` with options only (or `record`) starts a server in the background (the one before it is stopped,
    as a user stops it with Ctrl-C); it must print its `listening on` line;
  - any other `shortcut-serve …` or `curl …` must exit 0 (or 0 or 1 where the README says `exit 0 or 1`);
  - a status the README claims for a `curl -si` (a comment or the next line starting `# 301`, `# 200` …)
    must be the status answered.
What a newcomer cannot run here is skipped and listed: the install and test scripts (test.sh runs both),
tunnels (cloudflared, tailscale, ngrok), `probe` (it waits for a phone), the command-line synopsis (its
`[options]`), and lines with a placeholder (`ID`, `UDID`, `NAME` …). Port 9081 becomes a free port, and
`--host 0.0.0.0` or `::` becomes 127.0.0.1 (servers here listen on loopback only). The association files
the README's universal-links section serves are made first: the README assumes the user has them.
Exit 0 when every command behaved as written; 1 with one line per difference.
"""
import argparse
import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import tempfile
import time

README = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "README.md")
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


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", required=True, help="the shortcut-serve binary")
    args = parser.parse_args()
    binary = os.path.abspath(args.bin)
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
    try:
        for number, command, claim, may_fail in commands(open(README, encoding="utf-8").read()):
            words = shlex.split(command)
            reason = None
            if command.startswith(SKIPPED_PROGRAMS):
                reason = "not run here"
            elif " [" in command or " | " in command or command.endswith("…"):
                reason = "synopsis"
            elif any(word in PLACEHOLDERS or re.fullmatch(r"https?://NAME[\w.:-]*", word) for word in words):
                reason = "placeholder"
            elif words[:2] == ["shortcut-serve", "probe"]:
                reason = "waits for a phone"
            if reason:
                skipped.append(f"README.md:{number}: {reason}: {command.splitlines()[0][:90]}")
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
                    failures.append(f"README.md:{number}: {command}: no 'listening on' line: {server.first!r} {err[:300]}")
                    server = None
                continue
            done = subprocess.run(words, env=env, cwd=home, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
            out = done.stdout.decode(errors="replace")
            allowed = (0, 1) if may_fail else (0,)
            if done.returncode not in allowed:
                failures.append(f"README.md:{number}: {command.splitlines()[0]}: exit {done.returncode}: "
                                f"{done.stderr.decode(errors='replace').strip()[:300]}")
            elif claim is not None and words[0] == "curl" and "-si" in words:
                status = re.match(r"HTTP/1\.1 (\d{3})", out)
                if not status or int(status.group(1)) != claim:
                    failures.append(f"README.md:{number}: {command.splitlines()[0]}: the README says {claim}, "
                                    f"the server answered {status.group(1) if status else out[:80]!r}")
    finally:
        if server:
            server.stop()
    for line in skipped:
        print(f"skipped {line}")
    for line in failures:
        print(f"FAIL {line}", file=sys.stderr)
    print(f"readme: {ran} commands run in order, {len(failures)} differ from what README.md says, {len(skipped)} skipped")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
