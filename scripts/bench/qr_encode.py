#!/usr/bin/env python3
"""What drawing one QR code costs: `shortcut-serve qr --url <URL of N characters>` against the same process
doing no encoding (`--version`), so that the difference is the encoder and the terminal drawing.

    qr_encode.py BIN [--length 200] [--runs 30]

Prints the median wall time of each (interleaved runs) and their difference, then the user-space
instructions of each under callgrind (steady, where the wall time on this shared machine is not) and the
difference. The URL is ASCII, like a shortcut's address.
"""
import argparse
import re
import statistics
import subprocess
import time

parser = argparse.ArgumentParser()
parser.add_argument("bin")
parser.add_argument("--length", type=int, default=200)
parser.add_argument("--runs", type=int, default=30)
args = parser.parse_args()

prefix = "http://192.168.1.20:9081/s/"
url = prefix + ("abcdefghij" * (args.length // 10 + 1))[: args.length - len(prefix)]
assert len(url) == args.length
commands = {"encode": [args.bin, "qr", "--url", url], "baseline": [args.bin, "--version"]}

times = {name: [] for name in commands}
for _ in range(args.runs):
    for name, command in commands.items():
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        times[name].append(time.perf_counter() - start)
median = {name: statistics.median(values) * 1000 for name, values in times.items()}
print(f"qr --url ({args.length} characters): median {median['encode']:.2f} ms per process, "
      f"--version {median['baseline']:.2f} ms; the encoding and drawing: {median['encode'] - median['baseline']:.2f} ms "
      f"({args.runs} runs each, interleaved)")

instructions = {}
for name, command in commands.items():
    result = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + command,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=True)
    instructions[name] = int(re.search(r"Collected : (\d+)", result.stderr).group(1))
print(f"instructions: qr --url {instructions['encode']:,}, --version {instructions['baseline']:,}; "
      f"the encoding and drawing: {instructions['encode'] - instructions['baseline']:,}")
