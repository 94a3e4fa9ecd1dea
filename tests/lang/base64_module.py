import base64
for data in [b"", b"f", b"fo", b"foo", b"foob", b"fooba", b"foobar", bytes(range(256))[:40], "héllo".encode()]:
    e = base64.b64encode(data)
    print(e, base64.b64decode(e) == data, base64.b32encode(data), base64.b32decode(base64.b32encode(data)) == data, base64.b16encode(data)[:20])
print(base64.urlsafe_b64encode(b"\xfb\xff\xfe"), base64.urlsafe_b64decode("-__-"), base64.b64encode(b"\xfb\xff", altchars=b"-_"), base64.b64decode("+/8="))
print(base64.b64decode("aGVsbG8gd29ybGQ="), base64.b64decode(b"aGVs bG8=\n"), base64.standard_b64encode(b"x"), base64.b16decode("48656c6c6f", casefold=True), base64.b32hexencode(b"abc"))
print(base64.encodebytes(b"x" * 100), base64.decodebytes(b"eHh4\neHh4\n"), base64.b32decode("mzxw6===", casefold=True))
for bad in ["abc", "a", "ab!c=", b"\xff", "zz"]:
    try:
        print(base64.b64decode(bad, validate=True))
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
for bad in [lambda: base64.b64encode("str"), lambda: base64.b16decode("0g"), lambda: base64.b16decode("abc", casefold=True), lambda: base64.b32decode("MZXW6")]:
    try:
        bad()
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
print(issubclass(base64.binascii.Error if hasattr(base64, "binascii") else ValueError, ValueError))
