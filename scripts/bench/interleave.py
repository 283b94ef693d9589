#!/usr/bin/env python3
"""Run several wrk cases in one run, interleaved, and print medians and ratios.

    interleave.py --pids PID[,PID] [--rounds 3] [--duration 5s] [--threads 2] [--connections 100] [--wrk-cpu N]
                  --case 'LABEL|URL[|extra wrk args]' ... [--ratio 'LABEL_A / LABEL_B'] ...

Every round runs every case once; the order rotates and reverses from round to round, so drift on the
machine, and the edge a run straight after another has, hit every case alike (use an even --rounds). Per case it prints the median req/s over the rounds, the median p50 and p99, what the
URL answers (status, body bytes, Location bytes), the server's CPU time per request, and per ratio the
median of the per-round ratios.

Before each round it waits (30 s at most) until other processes use less than 25% of a core; during
each wrk run it measures the CPU used by processes other than the servers (--pids) and wrk, and
repeats a run once when that went over 25% (keeping the quieter of the two). Runs still busy are
marked `*`.
"""
import http.client
import os
import re
import resource
import shlex
import statistics
import subprocess
import sys
import time
import urllib.parse

HZ = os.sysconf("SC_CLK_TCK")
QUIET_PCT = 25.0


def cpu_total():
    with open("/proc/stat") as f:
        parts = [int(x) for x in f.readline().split()[1:]]
    idle = parts[3] + parts[4]
    return sum(parts[:8]) - idle  # busy jiffies over all cores


def cpu_of(pids):
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
        except OSError:
            pass
    return total


def wait_quiet(pids, limit=30):
    for _ in range(limit):
        b0, s0 = cpu_total(), cpu_of(pids)
        time.sleep(1)
        other = (cpu_total() - b0 - (cpu_of(pids) - s0)) * 100 / HZ
        if other < QUIET_PCT:
            return other
    return other


def to_ms(text):
    m = re.match(r"([\d.]+)(us|ms|s)", text)
    if not m:
        return float("nan")
    value = float(m.group(1))
    return value / 1000 if m.group(2) == "us" else value * 1000 if m.group(2) == "s" else value


WRK = ["wrk"]


def run_wrk(args, pids):
    b0, s0 = cpu_total(), cpu_of(pids)
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    out = subprocess.run(WRK + ["--latency"] + args, capture_output=True, text=True).stdout
    elapsed = time.perf_counter() - t0
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    wrk_cpu = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
    server_cpu = (cpu_of(pids) - s0) / HZ
    other = (cpu_total() - b0) / HZ - server_cpu - wrk_cpu
    rps = re.search(r"Requests/sec:\s+([\d.]+)", out)
    p50 = re.search(r"^\s+50%\s+(\S+)", out, re.M)
    p99 = re.search(r"^\s+99%\s+(\S+)", out, re.M)
    errors = re.search(r"Socket errors: (.*)", out)
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return {
        "rps": float(rps.group(1)) if rps else 0.0,
        "p50": to_ms(p50.group(1)) if p50 else float("nan"),
        "p99": to_ms(p99.group(1)) if p99 else float("nan"),
        "other_pct": max(0.0, other * 100 / elapsed),
        "server_pct": server_cpu * 100 / elapsed,
        # The server's CPU time (user and system) per request answered: steadier than req/s on a machine
        # whose two cores also run wrk (jiffies: 10 ms each, so runs of seconds keep it within ~1%).
        "server_us": server_cpu * 1e6 / (float(rps.group(1)) * elapsed) if rps and float(rps.group(1)) > 0 else float("nan"),
        "wrk_pct": wrk_cpu * 100 / elapsed,
        "flags": (errors.group(1) if errors else "") + (f" non-2xx/3xx {non2xx.group(1)}" if non2xx else ""),
        "raw": out,
    }


def describe(url):
    u = urllib.parse.urlsplit(url)
    c = http.client.HTTPConnection(u.hostname, u.port, timeout=5)
    c.request("GET", u.path + (("?" + u.query) if u.query else ""))
    r = c.getresponse()
    body = r.read()
    loc = r.getheader("Location")
    c.close()
    text = f"{r.status}, body {len(body)} B"
    if loc is not None:
        text += f", Location {len(loc)} B"
    return text


def main():
    args = sys.argv[1:]
    pids, rounds, duration, threads, conns = [], 3, "5s", "2", "100"
    cases, ratios, keep = [], [], None
    while args:
        a = args.pop(0)
        if a == "--pids":
            pids = [int(p) for p in args.pop(0).split(",") if p]
        elif a == "--rounds":
            rounds = int(args.pop(0))
        elif a == "--duration":
            duration = args.pop(0)
        elif a == "--threads":
            threads = args.pop(0)
        elif a == "--connections":
            conns = args.pop(0)
        elif a == "--case":
            parts = args.pop(0).split("|", 2)
            cases.append((parts[0], parts[1], shlex.split(parts[2]) if len(parts) > 2 else []))
        elif a == "--ratio":
            ratios.append([s.strip() for s in args.pop(0).split(" / ")])
        elif a == "--wrk-cpu":
            WRK[:0] = ["taskset", "-c", args.pop(0)]
        elif a == "--keep":
            keep = args.pop(0)
        else:
            sys.exit(f"interleave.py: unknown argument {a}")
    results = {label: [] for label, _, _ in cases}
    pinned = f", wrk on CPU {WRK[2]}" if WRK[0] == "taskset" else ""
    print(f"wrk -t{threads} -c{conns} -d{duration} --latency{pinned}, {rounds} rounds, order rotated and reversed")
    for label, url, extra in cases:
        print(f"  {label:<34} {url}  ({describe(url)})")
    for r in range(rounds):
        before = wait_quiet(pids)
        # Rotated every other round, and reversed every other round: a run straight after another is
        # often faster here, and with plain rotation the second case of a pair came second in three rounds
        # of four (measured: the same binary 4-6% "faster" as the second of a pair). Over each two rounds
        # every case of a pair comes first once and second once.
        shift = (r // 2) % len(cases)
        order = cases[shift:] + cases[:shift]
        if r % 2:
            order.reverse()
        for label, url, extra in order:
            wrk_args = [f"-t{threads}", f"-c{conns}", f"-d{duration}"] + extra + [url]
            res = run_wrk(wrk_args, pids)
            if res["other_pct"] > QUIET_PCT:
                wait_quiet(pids)
                again = run_wrk(wrk_args, pids)
                res = min(res, again, key=lambda x: x["other_pct"])
            results[label].append(res)
            if keep:
                with open(os.path.join(keep, f"{label.replace('/', '_').replace(' ', '_')}-{r}.txt"), "w") as f:
                    f.write(res["raw"])
        print(f"  round {r + 1}: other processes {before:.0f}% of a core before; "
              + ", ".join(f"{label.split()[0]} {results[label][-1]['rps']:.0f}" for label, _, _ in cases))
    print()
    print("| case | req/s (median) | p50 ms | p99 ms | server CPU % | server CPU µs/request | wrk CPU % | other CPU % (max) | notes |")
    print("|---|--:|--:|--:|--:|--:|--:|--:|---|")
    for label, _, _ in cases:
        rs = results[label]
        busy = max(x["other_pct"] for x in rs)
        flags = "; ".join(sorted({x["flags"].strip() for x in rs if x["flags"].strip()}))
        print(f"| {label} | {statistics.median(x['rps'] for x in rs):.0f} | "
              f"{statistics.median(x['p50'] for x in rs):.2f} | {statistics.median(x['p99'] for x in rs):.2f} | "
              f"{statistics.median(x['server_pct'] for x in rs):.0f} | {statistics.median(x['server_us'] for x in rs):.2f} | "
              f"{statistics.median(x['wrk_pct'] for x in rs):.0f} | "
              f"{busy:.0f}{' *' if busy > QUIET_PCT else ''} | {flags} |")
    if ratios:
        print()
        print("| ratio | req/s: median of per-round ratios | per round | server CPU per request: median of per-round ratios | per round |")
        print("|---|--:|---|--:|---|")
        for a, b in ratios:
            per = [x["rps"] / y["rps"] if y["rps"] else float("nan") for x, y in zip(results[a], results[b])]
            cost = [x["server_us"] / y["server_us"] for x, y in zip(results[a], results[b])]
            print(f"| {a} / {b} | {statistics.median(per):.3f} | {', '.join(f'{p:.2f}' for p in per)} | "
                  f"{statistics.median(cost):.3f} | {', '.join(f'{c:.2f}' for c in cost)} |")


if __name__ == "__main__":
    main()
