print(b"'", b'"', b"'\"", b"\\", b"\x00\x01\n\r\t\x7f\x80\xff", bytes(range(32)), bytes(range(120, 130)))
print(repr(b"abc"), str(b"a'b"), ascii(b"x"))
print(bytearray(b"a'b\""), repr(bytearray()), bytearray(3))
