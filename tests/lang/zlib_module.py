# zlib (stdlib/py/zlib.py over stdlib/zlib_native.c): round trips of random and repetitive
# data of odd sizes at every level and window form (zlib, raw deflate, gzip, automatic
# header detection), the checksums' running values, the streaming objects fed in chunks
# (unused_data after the stream), buffer-protocol inputs, and the errors CPython raises.
import random
import zlib

rng = random.Random(7)
ABN = bytes(b"ab\n"[i % 3] for i in range(256))  # a byte table: three letters


def blob(n, kind):
    if kind == 0:
        return rng.getrandbits(8 * n).to_bytes(n, "little") if n else b""
    if kind == 1:
        return (b"krait tiles " * (n // 12 + 1))[:n]
    return blob(n, 0).translate(ABN)


for n in (0, 1, 7, 255, 4096, 65537, 200003):
    for kind in (0, 1, 2):
        d = blob(n, kind)
        c = zlib.compress(d)
        print(n, kind, zlib.decompress(c) == d, zlib.crc32(d), zlib.adler32(d),
              zlib.crc32(d[n // 2:], zlib.crc32(d[:n // 2])) == zlib.crc32(d))
        for level in (0, 1, 6, 9):
            for wbits in (15, -15, 31, 9):
                c = zlib.compress(d, level, wbits)
                back = zlib.decompress(c, wbits)
                auto = zlib.decompress(c, 47) if wbits > 15 or wbits == 15 else back
                if back != d or auto != d:
                    print("FAIL", n, kind, level, wbits)
        print("  level 9 smaller than level 0:", len(zlib.compress(d, 9)) <= len(zlib.compress(d, 0)))

# the same bytes as CPython's zlib for fixed input (one library, one level)
print(zlib.compress(b"hello hello hello hello"), zlib.compress(b"", 9), zlib.compress(b"x", 1, -15))

# streaming: compressobj chunks, decompressobj fed in pieces, unused_data
d = blob(100000, 2)
co = zlib.compressobj(6, zlib.DEFLATED, -15)
stream = b"".join([co.compress(d[i:i + 7777]) for i in range(0, len(d), 7777)]) + co.flush()
print(zlib.decompress(stream, -15) == d)
do = zlib.decompressobj(-15)
out = b""
for i in range(0, len(stream), len(stream) // 5 + 1):
    out += do.decompress(stream[i:i + len(stream) // 5 + 1])
print(out == d, do.eof, do.unused_data)
do = zlib.decompressobj()
print(do.decompress(zlib.compress(b"abc") + b"TRAILER"), do.eof, do.unused_data)
gz = zlib.compress(b"gzip body", 6, 31)
print(zlib.decompressobj(16 + zlib.MAX_WBITS).decompress(gz), gz[:3])

# buffer-protocol inputs
print(zlib.decompress(bytearray(zlib.compress(b"ba"))), zlib.crc32(memoryview(b"mv")),
      zlib.adler32(bytearray(b"xyz"), 5))

for f in (lambda: zlib.compress(b"x", 10), lambda: zlib.compress(b"x", wbits=40),
          lambda: zlib.decompress(b"garbage"), lambda: zlib.decompress(zlib.compress(b"hello")[:-3]),
          lambda: zlib.decompress(b"x", wbits=99), lambda: zlib.compress("s"), lambda: zlib.crc32("s"),
          lambda: zlib.decompress(zlib.compress(b"a"), bufsize=-1),
          lambda: zlib.decompressobj().decompress(b"garbage"),
          lambda: zlib.decompress(zlib.compress(b"raw", 6, -15))):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
print(issubclass(zlib.error, Exception), zlib.MAX_WBITS, zlib.DEFLATED, zlib.Z_BEST_COMPRESSION,
      isinstance(zlib.ZLIB_VERSION, str))
