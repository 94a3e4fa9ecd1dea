exprs = r'''
b"abc".split(None)
b"a  b".split(b" ")
b"a b c".split(maxsplit=1)
b"a b c".rsplit(maxsplit=1)
b"\x00\x01".hex()
bytes.fromhex("0A 0b")
bytes.fromhex(" 01")
list(b"abc")
b"ab" b"cd"
b"\n".join([b"a", b"b"])
b"abc"[1:2]
b"abc"[-1:]
b"x".ljust(3, b"-")
b"abc".startswith(b"")
b"abc".endswith((b"c",))
b"abcabc".rfind(b"c", 0, 5)
b"abc".rindex(99)
b"ABC".lower()
b"aBc".swapcase()
b"hello world".title()
b"hello world".capitalize()
b"HELLO".capitalize()
bytearray(b"abc").upper()
bytearray(b"a,b").rsplit(b",")
bytearray(b"a=b").rpartition(b"=")
b"abc".partition(bytearray(b"b"))
b"a\tb".expandtabs(tabsize=2)
b"\r\n".splitlines()
b"a\rb".splitlines(keepends=True)
'''
for line in exprs.split("\n"):
    line = line.strip()
    if not line: continue
    try:
        print(line, "=>", repr(eval(line)))
    except Exception as e:
        print(line, "=> EXC", type(e).__name__, e)
