print(chr(65), chr(0x1f600), chr(0), repr(chr(0x10ffff)), ord("a"), ord("€"), ord("\U0001f600"))
for bad in [-1, 0x110000]:
    try: chr(bad)
    except ValueError as e: print(type(e).__name__, e)
for bad in ["", "ab"]:
    try: ord(bad)
    except TypeError as e: print(type(e).__name__, e)
print(ord(b"a"), ord(bytearray(b"z")))
try: chr("a")
except TypeError as e: print(type(e).__name__, e)
