# strip, padding, alignment, zfill, expandtabs, center.
s = "  \t hi there \n "
print(repr(s.strip()), repr(s.lstrip()), repr(s.rstrip()), repr("xxhixx".strip("x")), repr("abcba".strip("ab")),
      repr("www.example.com".lstrip("cmowz.")), repr("".strip()), repr("\u3000x\u3000".strip()))
print(repr("ab".center(7)), repr("ab".center(8, "*")), repr("abc".center(2)), repr("ab".ljust(5, "-")),
      repr("ab".rjust(5)), repr("ab".ljust(1)))
print("42".zfill(5), "-42".zfill(5), "+4".zfill(4), "abc".zfill(6), "".zfill(3), "12345".zfill(2))
print(repr("a\tb\tc".expandtabs()), repr("a\tbc\td".expandtabs(4)), repr("\t".expandtabs(0)), repr("ab\ncd\te".expandtabs(3)))
try:
    "x".center(5, "ab")
except TypeError as e:
    print("TypeError:", e)
