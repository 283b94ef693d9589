#!/usr/bin/env python3
"""Fill a store folder with N mock records written straight to disk, in the exact on-disk format.

    fill_store.py DIR N [--body-bytes 3000] [--prefix r] [--check-against FILE]

Writes DIR/pages/<prefix><n:06d>.page (see Sources/ShortcutStore/RecordFile.swift) and the zero-play
DIR/stats/<id>.stats that `PageStore.create` writes beside each record, for n in 0..N-1. Each record
is what `POST /api/mock` makes: a salted secret hash, metadata {"kind":"mock"}, no expiry, a distinct
body of --body-bytes bytes. Files are written with plain writes (no fsync): this is a benchmark fill,
not a durable create (that is what the POST benchmark measures).

--check-against FILE takes a record written by the server (or `shortcut-serve mock add`), rebuilds it
from its own field values with this script's encoder, and exits 1 unless the bytes are identical: a
proof that the generated files are in the server's format, byte for byte.
"""
import hashlib
import json
import os
import sys
import time

PREFIX = b'{"checksum":"'
MIDDLE = b'","record":'


def encode_header(fields):
    # Swift's JSONEncoder with [.sortedKeys, .withoutEscapingSlashes]: compact, keys sorted, "/" kept.
    # Optional fields that are nil (expiresAt) are left out, as synthesized Codable does.
    return json.dumps(fields, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def record_bytes(fields, body):
    fields = dict(fields, bodyLength=len(body), bodySHA256=hashlib.sha256(body).hexdigest())
    header = encode_header(fields)
    return PREFIX + hashlib.sha256(header).hexdigest().encode() + MIDDLE + header + b"}\n" + body


def mock_fields(record_id, created_at, secret):
    salt = os.urandom(16)
    return {
        "format": "shortcut-serve/page", "version": 1, "id": record_id, "name": "", "status": 200,
        "contentType": "text/html", "charset": "UTF-8", "headers": [],
        "secretSalt": salt.hex(), "secretHash": hashlib.sha256(salt + secret.encode()).hexdigest(),
        "createdAt": created_at, "metadata": {"kind": "mock"},
    }


def body_for(record_id, size):
    head = f"<p>{record_id}</p>".encode()
    return head + b"x" * max(0, size - len(head))


def check_against(path):
    data = open(path, "rb").read()
    newline = data.index(b"\n")
    header = json.loads(data[len(PREFIX) + 64 + len(MIDDLE):newline - 1])
    body = data[newline + 1:]
    fields = {k: v for k, v in header.items() if k not in ("bodyLength", "bodySHA256")}
    rebuilt = record_bytes(fields, body)
    if rebuilt != data:
        print(f"fill_store: the encoder does NOT reproduce {path} byte for byte", file=sys.stderr)
        print(data[:newline].decode(), rebuilt[:rebuilt.index(b'\n')].decode(), sep="\n", file=sys.stderr)
        sys.exit(1)
    print(f"fill_store: encoder reproduces {os.path.basename(path)} ({len(data)} bytes) byte for byte")


def main():
    args = sys.argv[1:]
    opts = {"--body-bytes": "3000", "--prefix": "r", "--check-against": None}
    positional = []
    while args:
        a = args.pop(0)
        if a in opts:
            opts[a] = args.pop(0)
        else:
            positional.append(a)
    if opts["--check-against"]:
        check_against(opts["--check-against"])
        if not positional:
            return
    directory, count = positional[0], int(positional[1])
    size, prefix = int(opts["--body-bytes"]), opts["--prefix"]
    pages, stats = os.path.join(directory, "pages"), os.path.join(directory, "stats")
    os.makedirs(pages, exist_ok=True)
    os.makedirs(stats, exist_ok=True)
    zero_stats = b'{"totalAccess":0}\n'  # StatsFile.zero, sortedKeys, nil lastAccessAt left out
    created = time.time() - 978307200.0  # seconds since 2001-01-01
    started = time.perf_counter()
    for n in range(count):
        record_id = f"{prefix}{n:06d}"
        data = record_bytes(mock_fields(record_id, created + n * 1e-4, "bench-secret"), body_for(record_id, size))
        with open(os.path.join(pages, record_id + ".page"), "wb") as f:
            f.write(data)
        with open(os.path.join(stats, record_id + ".stats"), "wb") as f:
            f.write(zero_stats)
    print(f"fill_store: wrote {count} records of {size}-byte bodies in {time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
