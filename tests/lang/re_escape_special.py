import re
print(re.escape("http://www.python.org"), re.escape("a+b=c?"), re.escape("_az09"), re.escape("tab\there"))
print(re.escape(b"a.b"), re.escape("[]{}()|^$\\.*+?#&~-"))
literal = "1+1=2 (math) [ok]?"
print(re.search(re.escape(literal), "x " + literal + " y").span())
print(re.findall(r"\u00e9|\U0001F600", "é😀x"), re.findall(r"\x41", "ABA"), re.findall(r"\N{LATIN SMALL LETTER A}", "bab"))
print(re.findall(r"[\u0041-\u0043]", "ABCD"), re.findall(r"\101", "AB"), re.findall(r"\0", "a\0b"))
print(re.findall(r"a{2}", "aaaaa"), re.findall(r"a{2,}", "aaaaa"), re.findall(r"a{,2}", "aaa"), re.findall(r"a{1,2}?", "aaa"))
print(re.findall(r"x{", "x{"), re.findall(r"{1}", "{1}") if False else "", re.findall(r"a{b", "a{b"))
print(re.findall(r"[]a]", "]a"), re.findall(r"[^]a]", "]ab"), re.findall(r"[\]]", "]"), re.findall(r"[a\-z]", "a-z"))
print(re.findall(r"[\d\s]", "1 a2"), re.findall(r"[.]", "a.b"), re.findall(r"\.", "a.b"), re.findall(r"[\[]", "[x"))
print(re.match(r"(?P<q>['\"]).*?(?P=q)", "'abc' rest").group(), re.match(r"(a)\1", "aa").group(), re.match(r"(?#comment)x", "x"))
print(re.match(r"(a)(?(1)b|c)", "ab").group(), re.match(r"(?:x|y)+", "xyxz").group(), re.match(r"a++", "aaa").group())
print(re.match(r"(?>a+)b", "aab").group())
