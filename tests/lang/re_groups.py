import re
m = re.match(r"(\d+)\.(\d+)", "24.1632")
print(m.groups(), m.group(0, 1, 2), m[0], m[2])
m = re.match(r"(\d+)\.?(\d+)?", "24")
print(m.groups(), m.groups("0"), m.group(2), m.span(2), m.start(2), m.end(2))
m = re.match(r"(?P<first_name>\w+) (?P<last_name>\w+)", "Jane Doe")
print(m.groupdict(), m["first_name"], m.span("last_name"), m.group("first_name", 2))
m = re.match(r"(?P<a>x)?(?P<b>y)", "y")
print(m.groupdict(), m.groupdict("-"), m.lastindex, m.lastgroup)
for pat, s in [(r"(a)b", "ab"), (r"((a)b)", "ab"), (r"(a)(b)", "ab"), (r"((a)(b))", "ab"), (r"(a)(b?)", "a"), (r"x", "x"), (r"(?P<n>a)(?:b)", "ab")]:
    m = re.match(pat, s)
    print(pat, m.lastindex, m.lastgroup, m.regs)
m = re.search(r"(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)(k)", "abcdefghijk")
print(m.group(11), m.lastindex, len(m.groups()))
for bad in [3, "nope", -1]:
    try:
        re.match(r"(a)(b)", "ab").group(bad)
    except IndexError as e:
        print("IndexError:", e)
print(re.match(r"(a)(?P<x>b)", "ab").expand(r"\2\1 \g<x>-\g<1>"))
print(re.compile(r"(?P<y>\d{4})-(?P<m>\d\d)").groupindex, re.compile(r"(a)(b)(?:c)").groups)
