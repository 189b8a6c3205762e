#!/usr/bin/env python3
"""hdr_decode.py — an independent reader of HdrHistogram interval logs, written
from the published format (not from gclat's C code): base64, then the
compressed wrapper (cookie 0x1c849314, length, zlib), then the V2 encoding
(cookie 0x1c849313, 40-byte header, ZigZag LEB128 counts, negative = zero run),
with HdrHistogram's index-to-value arithmetic.

usage: hdr_decode.py FILE  ->  prints "total N", "min V", "max V", then
"value count" lines for every non-empty bucket (its lowest value), summed
over all histogram lines; or  hdr_decode.py --encode DIGITS V:C ... -> one
interval-log line with those values (for gclat merge to read).
"""
import base64
import math
import struct
import sys
import zlib


def layout(digits):
    largest = 2 * 10 ** digits
    mag = int(math.ceil(math.log2(largest)))
    half_mag = (mag if mag > 1 else 1) - 1
    return half_mag


def value_at(index, half_mag):
    half = 1 << half_mag
    bucket = (index >> half_mag) - 1
    sub = (index & (half - 1)) + half
    if bucket < 0:
        sub -= half
        bucket = 0
    return sub << bucket


def index_of(value, half_mag):
    mask = (1 << (half_mag + 1)) - 1
    pow2ceil = (value | mask).bit_length()
    bucket = pow2ceil - (half_mag + 1)
    sub = value >> bucket
    return ((bucket + 1) << half_mag) + (sub - (1 << half_mag))


def zigzag_read(buf, pos):
    result = 0
    shift = 0
    for i in range(9):
        b = buf[pos]
        pos += 1
        if i == 8:
            result |= b << 56
            break
        result |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            break
    return (result >> 1) ^ -(result & 1), pos


def zigzag_write(v):
    u = (v << 1) ^ (v >> 63)
    u &= (1 << 64) - 1
    out = bytearray()
    for i in range(8):
        if u < 0x80:
            out.append(u)
            return bytes(out)
        out.append((u & 0x7F) | 0x80)
        u >>= 7
    out.append(u & 0xFF)
    return bytes(out)


def decode(b64):
    raw = base64.b64decode(b64)
    cookie, zlen = struct.unpack(">II", raw[:8])
    assert cookie == 0x1C849314, hex(cookie)
    v2 = zlib.decompress(raw[8:8 + zlen])
    cookie, plen, norm, digits, lowest, highest, ratio = struct.unpack(">IIIIqqd", v2[:40])
    assert cookie == 0x1C849313, hex(cookie)
    assert lowest == 1  # normalizingIndexOffset is ignored (hdr-histogram-js writes 1)
    half_mag = layout(digits)
    counts = {}
    pos, end, idx = 40, 40 + plen, 0
    while pos < end:
        w, pos = zigzag_read(v2, pos)
        if w < 0:
            idx += -w
            continue
        if w:
            counts[value_at(idx, half_mag)] = counts.get(value_at(idx, half_mag), 0) + w
        idx += 1
    return counts, digits


def encode(digits, pairs):
    half_mag = layout(digits)
    counts = {}
    for v, c in pairs:
        i = index_of(v, half_mag)
        counts[i] = counts.get(i, 0) + c
    payload = bytearray()
    last = max(counts)
    i = 0
    while i <= last:
        if i not in counts:
            j = i
            while j <= last and j not in counts:
                j += 1
            payload += zigzag_write(-(j - i))
            i = j
        else:
            payload += zigzag_write(counts[i])
            i += 1
    hdr = struct.pack(">IIIIqqd", 0x1C849313, len(payload), 0, digits, 1, max(2, max(v for v, _ in pairs) * 2), 1.0)
    z = zlib.compress(bytes(hdr + payload))
    return base64.b64encode(struct.pack(">II", 0x1C849314, len(z)) + z).decode()


def main():
    if sys.argv[1] == "--encode":
        digits = int(sys.argv[2])
        pairs = [tuple(int(x) for x in a.split(":")) for a in sys.argv[3:]]
        print('"StartTimestamp","Interval_Length","Interval_Max","Interval_Compressed_Histogram"')
        print("0.000,1.000,%.3f,%s" % (max(v for v, _ in pairs), encode(digits, pairs)))
        return
    total = {}
    for line in open(sys.argv[1]):
        line = line.strip()
        if not line or line.startswith("#") or line.startswith('"'):
            continue
        fields = line.split(",")
        if fields[0].startswith("Tag="):
            fields = fields[1:]
        counts, _ = decode(fields[3])
        for v, c in counts.items():
            total[v] = total.get(v, 0) + c
    n = sum(total.values())
    print("total", n)
    if n:
        print("min", min(total))
        print("max", max(total))
    for v in sorted(total):
        print(v, total[v])


main()
