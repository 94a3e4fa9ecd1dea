print(b"abab".count(b"ab"), b"aaa".count(b"aa"), b"abc".count(b""), b"abc".replace(b"b", b"BB"), b"aaaa".replace(b"a", b"", 2))
print(bytearray(b"aXbX").replace(b"X", b""), bytearray(b"x").count(b"x"), b"a.b".replace(b".", bytearray(b"::")))
