# mandelbrot.py: the Mandelbrot set computed with whole-array NumPy operations, saved as a PNG.
#
#   build/krait examples/mandelbrot.py [out.png]     (on a GPU when one is present)
#   python3 examples/mandelbrot.py [out.png]          (the same script under CPython + NumPy)
#
# The fractal is computed for every pixel at once: no Python loop over pixels, only a loop
# over the iterations whose body is a handful of array expressions. Under krait on a GPU each
# iteration's arithmetic fuses into a kernel launch. The PNG is written by a small
# pure-Python encoder (no zlib: "stored" deflate blocks, with the checksums computed here).
import os
import sys

import numpy as np

WIDTH, HEIGHT, MAX_ITER = 800, 600, 100


def mandelbrot(width, height, max_iter):
    """Returns the (height, width) int64 array of escape iterations; max_iter means the
    point never escaped (it is taken to be in the set)."""
    # Pixel centres of the view -2.5 <= x <= 1.0, -1.3125 <= y <= 1.3125 (square pixels).
    x = np.linspace(-2.5, 1.0, width)
    y = np.linspace(-1.3125, 1.3125, height)
    # Broadcasting a row against a column gives the full grid of c = cx + i*cy.
    cx = np.zeros((height, width)) + x
    cy = np.zeros((height, width)) + y[:, np.newaxis]
    zx = np.zeros((height, width))
    zy = np.zeros((height, width))
    counts = np.zeros((height, width), dtype=np.int64)
    for _ in range(max_iter):
        zx2 = zx * zx
        zy2 = zy * zy
        # Boolean mask of the points still bounded; True adds 1. A point that escaped keeps
        # iterating (no branch per pixel) and soon overflows to inf, then nan; both compare
        # False, so it is never counted again.
        counts += zx2 + zy2 <= 4.0
        zy = 2.0 * zx * zy + cy
        zx = zx2 - zy2 + cx
    return counts


def make_palette(n):
    """n RGB colours (an (n, 3) uint8 array) from deep blue through cyan and yellow to white,
    from the classic smooth polynomial palette."""
    t = np.linspace(0.0, 1.0, n)
    r = 9.0 * (1.0 - t) * t ** 3 + t ** 8
    g = 15.0 * (1.0 - t) ** 2 * t ** 2 + t ** 8
    b = 8.5 * (1.0 - t) ** 3 * t + 0.25 * t ** 0.5 * (1.0 - t) + t ** 8
    rgb = np.stack([r, g, b], axis=1)
    return (np.clip(rgb, 0.0, 1.0) * 255.0).round().astype(np.uint8)


def colorize(counts, max_iter):
    """An (height, width, 3) uint8 image: a palette lookup by iteration count, with the
    points of the set painted black through np.where."""
    palette = make_palette(max_iter + 1)
    # Stretch the counts (most points escape in a few steps) so the palette is well used.
    index = np.sqrt(counts / max_iter) * max_iter
    img = palette[index.astype(np.int64)]      # fancy indexing: (h, w) -> (h, w, 3)
    in_set = counts == max_iter
    return np.where(in_set[:, :, np.newaxis], 0, img)   # the mask broadcasts over RGB


# ---- a minimal PNG writer ----------------------------------------------------------------

def crc_table():
    table = []
    for n in range(256):
        c = n
        for _ in range(8):
            c = (0xEDB88320 ^ (c >> 1)) if c & 1 else c >> 1
        table.append(c)
    return table


CRC_TABLE = crc_table()


def crc32(data, crc=0):
    c = crc ^ 0xFFFFFFFF
    table = CRC_TABLE
    for byte in data:
        c = table[(c ^ byte) & 0xFF] ^ (c >> 8)
    return c ^ 0xFFFFFFFF


def adler32(data):
    a, b = 1, 0
    for byte in data:
        a += byte
        b += a
        if b >= 0x7FFFFFFF:    # keep the sums small; the modulus is taken at the end
            a %= 65521
            b %= 65521
    return ((b % 65521) << 16) | (a % 65521)


def be32(n):
    return n.to_bytes(4, "big")


def chunk(kind, body):
    return be32(len(body)) + kind + body + be32(crc32(body, crc32(kind)))


def zlib_stored(raw):
    """A zlib stream holding raw in uncompressed ("stored") deflate blocks."""
    out = bytearray(b"\x78\x01")                      # deflate, 32K window, no dictionary
    pos = 0
    while True:
        block = raw[pos:pos + 65535]
        pos += len(block)
        final = 1 if pos >= len(raw) else 0
        n = len(block)
        out += bytes([final]) + n.to_bytes(2, "little") + (n ^ 0xFFFF).to_bytes(2, "little")
        out += block
        if final:
            break
    out += be32(adler32(raw))
    return bytes(out)


def write_png(path, img):
    """Writes an (height, width, 3) uint8 array as an 8-bit RGB PNG."""
    height, width = img.shape[0], img.shape[1]
    # Each scanline starts with its filter type (0: none).
    rows = np.concatenate([np.zeros((height, 1), dtype=np.uint8), img.reshape(height, width * 3)],
                          axis=1)
    raw = bytes(rows.ravel().tolist())
    header = be32(width) + be32(height) + bytes([8, 2, 0, 0, 0])   # 8-bit RGB, no interlace
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.write(chunk(b"IHDR", header))
        f.write(chunk(b"IDAT", zlib_stored(raw)))
        f.write(chunk(b"IEND", b""))


def main():
    np.seterr(over="ignore", invalid="ignore")   # escaped points overflow on purpose
    path = sys.argv[1] if len(sys.argv) > 1 else "mandelbrot.png"
    counts = mandelbrot(WIDTH, HEIGHT, MAX_ITER)
    write_png(path, colorize(counts, MAX_ITER))
    in_set = (counts == MAX_ITER).mean()
    print(f"mandelbrot: {WIDTH}x{HEIGHT}, {MAX_ITER} iterations")
    print(f"fraction of points in the set: {in_set:.3f}")
    print(f"mean escape iterations: {counts.mean():.2f}")
    print("wrote", os.path.basename(path))


main()
