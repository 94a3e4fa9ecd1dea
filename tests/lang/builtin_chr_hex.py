# chr, ord, hex, oct, bin, format, repr, ascii, round-trip conversions.
for n in [0, 1, 7, 8, 255, 256, -1, -255, 2 ** 64, -(2 ** 70)]:
    print(n, hex(n), oct(n), bin(n), format(n, "x"), format(n, "#o"), int(hex(n), 16), int(bin(n), 0))
for c in "aZ0 ~é€😀\n":
    print(repr(c), ord(c), chr(ord(c)) == c, hex(ord(c)), ascii(c))
print(repr(1), repr("1"), repr([1, "1"]), repr(1.0), repr(None), repr(True), repr(b"\x00a'"), repr(range(3)))
for bad in [lambda: hex(1.5), lambda: oct("8"), lambda: bin(None), lambda: chr("a"), lambda: ord(""), lambda: ord(5)]:
    try:
        bad()
    except TypeError as e:
        print("TypeError:", e)
