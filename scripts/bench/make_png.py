#!/usr/bin/env python3
"""Write a valid PNG of random pixel noise (so it does not compress), about SIZE bytes.

    make_png.py OUT.png [SIZE=51200]

An 8-bit RGB image, square, its side chosen so the file lands near SIZE; the chunks carry real CRCs.
"""
import math
import os
import struct
import sys
import zlib


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png(side):
    rows = b"".join(b"\x00" + os.urandom(side * 3) for _ in range(side))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


out, size = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 51200
side = int(math.sqrt(max(1, size - 100) / 3.0))
data = png(side)
open(out, "wb").write(data)
print(f"make_png: {out}: {side}x{side} RGB noise, {len(data)} bytes")
