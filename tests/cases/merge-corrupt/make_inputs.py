# Writes the interval logs of this case: python3 make_inputs.py MODE > MODE.hlog
# (V2 compressed histograms, counts chosen to overflow int64 when summed).
import struct, zlib, base64, sys
def zz(v):
    u = ((v << 1) ^ (v >> 63)) & ((1<<64)-1)
    out = bytearray()
    for i in range(8):
        if u < 0x80:
            out.append(u); return bytes(out)
        out.append((u & 0x7f) | 0x80); u >>= 7
    out.append(u & 0xff); return bytes(out)
def hist(counts):  # counts: list of (index, count)
    payload = bytearray(); idx = 0
    for i, c in counts:
        if i > idx:
            payload += zz(-(i-idx)) if i-idx > 1 else zz(0)
            idx = i
        payload += zz(c); idx += 1
    raw = struct.pack('>IIIIQQd', 0x1c849313, len(payload), 0, 3, 1, 2048, 1.0) + payload
    z = zlib.compress(raw)
    return base64.b64encode(struct.pack('>II', 0x1c849314, len(z)) + z).decode()
mode = sys.argv[1]
print('"StartTimestamp","Interval_Length","Interval_Max","Interval_Compressed_Histogram"')
if mode == 'onehist':   # one histogram whose buckets sum past 2^63-1
    print('0.000,1.000,5.000,' + hist([(3, 2**62), (5, 2**62)]))
elif mode == 'twohist': # two histograms, each fine, whose sum is past 2^63-1
    print('0.000,1.000,3.000,' + hist([(3, 2**62 + 5)]))
    print('1.000,1.000,3.000,' + hist([(3, 2**62 + 7)]))
elif mode == 'ok':
    print('0.000,1.000,5.000,' + hist([(3, 4), (5, 6)]))
