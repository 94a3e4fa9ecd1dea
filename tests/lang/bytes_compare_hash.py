print(b"a" < b"b", b"a" < b"ab", b"" < b"a", b"\xff" > b"\x00", b"abc" == bytearray(b"abc"), bytearray(b"a") < b"b")
print(b"x" != "x", b"x" == "x", sorted([b"b", b"a", b"ab"]), max(b"a", b"b"))
d = {b"k": 1}
print(d[b"k"], b"k" in d, hash(b"abc") == hash(b"ab" + b"c"))
