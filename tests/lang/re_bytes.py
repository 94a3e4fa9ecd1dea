import re
print(re.findall(rb"\d+", b"a12b345"), re.match(rb"(\w+) (\w+)", b"hello world").groups())
print(re.sub(rb"o", b"0", b"foo"), re.sub(rb"(\w)", rb"<\1>", b"ab"), re.split(rb",\s*", b"a, b,c"))
m = re.search(rb"(?P<n>\d+)", b"x 42 y")
print(m, m.group("n"), m.span(), m.groupdict(), m.expand(rb"[\g<n>]"))
print(re.compile(rb"A", re.I).findall(b"aA"), re.fullmatch(rb"[\x00-\x7f]+", b"abc"), re.match(rb"\xff", b"\xff"))
print(re.compile(rb"x"), re.sub(rb"a", lambda m: b"[" + m.group() + b"]", b"banana"), re.escape(b"1.2"))
print(re.findall(rb"[^a]", bytearray(b"abc")), re.search(rb"\w+", b"  caf\xe9").group())
