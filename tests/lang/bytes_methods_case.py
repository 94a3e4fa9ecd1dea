for b in [b"hello World", b"ABC", b"", b"123", b"abc123", b" \t", b"Hello World", b"\xe9abc"]:
    print(b, b.upper(), b.lower(), b.capitalize(), b.title(), b.swapcase())
    print(b.isalpha(), b.isdigit(), b.isalnum(), b.isspace(), b.isupper(), b.islower(), b.istitle(), b.isascii())
