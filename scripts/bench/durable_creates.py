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
import multiprocessing
import os
import sys
import time


def create_files(folder, seconds, size, interval, worker, counts):
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
        path = os.path.join(folder, f"{worker}-{count}.page")
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
    args = sys.argv[1:]
    opts = {"--workers": "2", "--bytes": "3000", "--rate": "0"}
    positional = []
    while args:
        a = args.pop(0)
        if a in opts:
            opts[a] = args.pop(0)
        else:
            positional.append(a)
    if len(positional) != 2:
        sys.exit(__doc__.strip().splitlines()[2].strip())
    folder, seconds = positional[0], float(positional[1])
    workers, size, rate = int(opts["--workers"]), int(opts["--bytes"]), float(opts["--rate"])
    interval = workers / rate if rate > 0 else 0
    counts = multiprocessing.Queue()
    processes = [
        multiprocessing.Process(target=create_files, args=(folder, seconds, size, interval, n, counts)) for n in range(workers)
    ]
    for p in processes:
        p.start()
    total = sum(counts.get() for _ in processes)
    for p in processes:
        p.join()
    print(f"{total / seconds:.0f} creates/s")


if __name__ == "__main__":
    main()
