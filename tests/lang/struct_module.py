import struct
print(struct.calcsize("i"), struct.calcsize("<i"), struct.calcsize("@bi"), struct.calcsize("=bi"), struct.calcsize("qQ"), struct.calcsize("3s2xh"), struct.calcsize("@hq"), struct.calcsize("ed"))
print(struct.pack(">I", 1), struct.pack("<I", 1), struct.pack("<hHbB", -2, 65535, -128, 255), struct.pack(">q", -1), struct.pack("<Q", 2 ** 64 - 1))
print(struct.pack(">d", 1.5), struct.pack("<f", -0.25), struct.pack(">e", 1.0), struct.pack("<e", 65504.0), struct.pack("?c", True, b"z"), struct.pack("5s", b"ab"), struct.pack("3p", b"abcdef"))
print(struct.unpack(">I", b"\x00\x00\x01\x00"), struct.unpack("<hH", b"\xfe\xff\xff\xff"), struct.unpack("<Q", b"\xff" * 8), struct.unpack(">d", struct.pack(">d", 3.141592653589793)))
print(struct.unpack("<f", struct.pack("<f", 0.1)), struct.unpack("<e", struct.pack("<e", 0.333)), struct.unpack("3s?", b"abc\x01"), struct.unpack("2p", b"\x05x"))
rec = struct.Struct("<I8sd")
packed = rec.pack(7, b"widget", 9.75)
print(rec.size, rec.format, packed, rec.unpack(packed))
buf = bytearray(16)
struct.pack_into("<HH", buf, 2, 1, 2)
print(buf, struct.unpack_from("<HH", buf, 2), struct.unpack_from("<H", buf), list(struct.iter_unpack("<H", b"\x01\x00\x02\x00")))
print(struct.pack("@bi", 1, 2), struct.pack("!hi", 1, 2), struct.unpack("@bxh", b"\x01\x00\x02\x00"))
for bad in [lambda: struct.pack("b", 200), lambda: struct.pack("B", -1), lambda: struct.pack(">h", 40000), lambda: struct.pack("i", 1, 2), lambda: struct.unpack("i", b"ab"),
            lambda: struct.pack("z", 1), lambda: struct.pack("i", "x"), lambda: struct.pack("f", "x"), lambda: struct.pack("c", b"ab"), lambda: struct.pack("I", 2 ** 32),
            lambda: struct.pack("Q", 2 ** 64), lambda: struct.pack("q", 2 ** 63), lambda: struct.pack("q", -2 ** 70)]:
    try:
        bad()
    except struct.error as e:
        print("error:", e)
    except (TypeError, OverflowError) as e:
        print(type(e).__name__ + ":", e)
print(struct.pack("<i", 2 ** 31 - 1), struct.unpack("<i", b"\x00\x00\x00\x80"), struct.pack(">f", float("inf")), struct.unpack(">d", b"\x7f\xf8" + bytes(6))[0] != struct.unpack(">d", b"\x7f\xf8" + bytes(6))[0])
