import re
for pat, s in [(r"abc", "abcdef"), (r"abc", "xabc"), (r"a.c", "abc"), (r"a.c", "a\nc"), (r"^$", ""),
               (r"\d{3}", "12345"), (r"[a-c]+", "abcabd"), (r"colou?r", "color"), (r"(ab)*", "ababx"),
               (r"x|y|z", "zebra"), (r"", "abc"), (r"a+?", "aaa"), (r"(a|ab)(c|bcd)", "abcd")]:
    m = re.match(pat, s)
    print(repr(pat), repr(s), m, m and m.groups())
print(re.match("a", "ba"), re.match("a", "ba", 0), re.compile("a").match("ba", 1))
m = re.compile(r"\w+").match("hello world", 6)
print(m.group(), m.pos, m.endpos, m.span(), m.string, m.re.pattern)
print(re.compile(r"o").match("dog", 1, 2), re.compile(r"g").match("dog", 1, 2))
print(bool(re.match("x", "x")), re.match("x", "y") is None)
