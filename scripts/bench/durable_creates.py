#!/usr/bin/env python3
"""Durable file creates back to back, as a store's create makes them, with no server involved.

    durable_creates.py FOLDER SECONDS [--workers 2] [--bytes 3000] [--rate N]

Each of --workers processes creates new files of --bytes bytes in FOLDER (open with O_CREAT|O_EXCL, one
write, fsync of the file, fsync of the folder: the steps of `PageStore.create`) until SECONDS have passed,
then prints "N creates/s" for all of them together. --rate N paces them to N creates a second in all
(default: as fast as the disk goes). The files are left in FOLDER.

`scripts/bench.sh --mixed` runs it beside GET /s as a control: what the same kind of disk writes, made by
another process at the rate the server's POSTs reached, do to GET /s's p99 on this machine, where the
server's own writes do nothing else.
"""
import argparse
import multiprocessing
import os
import sys
import time


def create_files(folder, seconds, size, interval, counts):
    data = b"x" * size
    directory = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    start = time.monotonic()
    end = start + seconds
    count = 0
    while time.monotonic() < end:
        if interval:
            ahead = start + count * interval - time.monotonic()
            if ahead > 0:
                time.sleep(ahead)
        path = os.path.join(folder, f"{os.getpid()}-{count}.page")
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        try:
            os.write(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.fsync(directory)
        count += 1
    os.close(directory)
    counts.put(count)


def main():
    parser = argparse.ArgumentParser(description="Durable file creates back to back; see the docstring.")
    parser.add_argument("folder")
    parser.add_argument("seconds", type=float)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--bytes", type=int, default=3000)
    parser.add_argument("--rate", type=float, default=0, help="creates a second in all (0: as fast as it goes)")
    a = parser.parse_args()
    folder, seconds, workers, size = a.folder, a.seconds, a.workers, a.bytes
    interval = workers / a.rate if a.rate > 0 else 0
    counts = multiprocessing.Queue()
    processes = [
        multiprocessing.Process(target=create_files, args=(folder, seconds, size, interval, counts)) for _ in range(workers)
    ]
    for p in processes:
        p.start()
    for p in processes:
        p.join()
    if any(p.exitcode != 0 for p in processes):
        sys.exit("durable_creates: a worker failed (its error is above)")
    total = sum(counts.get() for _ in processes)
    print(f"{total / seconds:.0f} creates/s")


if __name__ == "__main__":
    main()
