for b in [b"", b"abc", b"ABC", b"Abc Def", b"123", b"a1", b" \t\n", b"\xff", b"a b", b"AB1", b"Ab1"]:
    print(b, [f(b) for f in (bytes.isalpha, bytes.isdigit, bytes.isalnum, bytes.isspace, bytes.isupper, bytes.islower, bytes.istitle, bytes.isascii)])
