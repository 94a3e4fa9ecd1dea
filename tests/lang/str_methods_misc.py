# Remaining str methods: encode, translate/maketrans, format_map, count with ranges, comparisons.
print("abc".encode(), "é".encode("utf-8"), "é".encode("latin-1"), "abc".encode("ascii"))
try:
    "é".encode("ascii")
except UnicodeEncodeError as e:
    print("UnicodeEncodeError:", e)
t = str.maketrans("abc", "xyz", "d")
print("aabbccdd".translate(t), "hello".translate({ord("l"): None, ord("h"): "J"}), str.maketrans({"a": "b"}))
print("{x}-{y}".format_map({"x": 1, "y": 2}), "ab" * 3 == "ababab", "abc".__contains__("b"))
print("x".join("abc"), "abc".index("c", 1), "aaa".rfind("a", 0, 2), "A1b2".swapcase(), "  ".join(["", ""]))
print(str(123).rjust(6, "0"), "Title Case Words".istitle(), "under_score".title(), "O'neil's".title())
print(len("ab\x00cd"), "\x00" in "a\x00", repr("ab\x00cd"))
print(sorted(["b", "B", "a", "_", "1", "é", " "]), "a" * 3 < "a" * 4, "abc"[:0] == "", "abc"[-1:-2])
