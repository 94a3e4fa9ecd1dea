# Indexing, slicing and iteration by code point over non-ASCII text (UTF-8 inside krait).
s = "aé日😀b"
print(len(s), s[0], s[1], s[2], s[3], s[4], s[-1], s[-2], s[1:4], s[::-1], s[::2], s[3:])
print([c for c in s], [ord(c) for c in s], list(enumerate(s)))
print(s.find("😀"), s.index("b"), s.count("é"), "😀" in s, s.upper(), s.encode("utf-8"), len(s.encode()))
t = "ÀÁÂÃÄÅ" * 3
print(t[5:9], t[-4:], t[::5], len(t), t.lower(), t.replace("Ã", "~"), t.split("Ä"))
print(sorted("zéaÉ"), max("日本"), min("日本"), "é" < "z", "日" > "z")
print("€%d" % 5, f"{'日本':*^8}", "{:>5}".format("é"), "😀".center(5, "·"), "ab😀".rjust(6, "日"))
u = "".join(chr(i) for i in range(0x3b1, 0x3c9))
print(u, u.upper(), len(u), u[10:15], u.title())
print("Straße".upper(), "ﬀ".upper(), "İ".lower(), len("İ".lower()), "ß".casefold())
print(repr("\u0000\u001f\u007f\u00a0\u00ad\u2028\ufeff\U000e0001"), ascii("é😀x"))
b = "naïve café".encode()
print(b, len(b), b.decode(), b.decode("utf-8") == "naïve café")
print(str(b"abc", "ascii"), "x\u0301".__len__(), "\U0001F468\u200d\U0001F469"[::-1] == "\U0001F469\u200d\U0001F468")
