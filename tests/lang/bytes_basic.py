# bytes: literals, indexing, slicing, methods, decode/encode and comparison.
b = b"hello world"
print(b, len(b), b[0], b[-1], b[1:5], b[::-1], b[::2], b"o" in b, 111 in b, b"xyz" in b)
print(b + b"!", b * 2, b.upper(), b.split(), b.split(b"o"), b.replace(b"l", b"L"), b.find(b"o"), b.count(b"l"))
print(b.startswith(b"he"), b.endswith(b"ld"), b.strip(b"hd"), b.decode(), b.hex(), bytes.fromhex("68 69"))
print(list(b[:3]), bytes([104, 105]), bytes(range(65, 70)), b"\x00\x01".hex(), b"a" < b"b", b"abc" == b"abc")
print("é日".encode(), "é日".encode("utf-8").decode("utf-8"), b"\xe9".decode("latin-1"), repr(b"'\""))
print(b"-".join([b"a", b"b"]), b"  x ".strip(), b"a,b".partition(b","), b"abc".index(b"c"), b"ABC".lower())
print(hash(b"") == hash(b""), b.isalpha(), b"123".isdigit(), b[0:0], bytes(), bytes(2))
try:
    b"\xff".decode()
except UnicodeDecodeError as e:
    print("UnicodeDecodeError:", e)
try:
    b[0] = 1
except TypeError as e:
    print("TypeError:", e)
try:
    b + "s"
except TypeError as e:
    print("TypeError:", e)
try:
    b[100]
except IndexError as e:
    print("IndexError:", e)
print(b"%d-%s" % (5, b"x"), b"abc".center(7, b"*"), b"a\tb".expandtabs(4))
