import re
for pat in ["(abc", "abc)", "[abc", "*a", "a**", r"\q", "(?P<1a>x)", "(?P<n>a)(?P<n>b)", r"(a)\2",
            "a{3,2}", "[z-a]", "(?P=nope)", r"\u12", r"\x4", "a(?z)"]:
    try:
        re.compile(pat)
        print(repr(pat), "compiled")
    except re.error as e:
        print(repr(pat), "error:", e.msg, "|", isinstance(e, Exception), e.pattern == pat)
try:
    re.compile("(a\nb")
except re.error as e:
    print(e.lineno, e.colno, e.pos, str(e))
try:
    re.match("a", b"a")
except TypeError as e:
    print("TypeError:", e)
try:
    re.match(b"a", "a")
except TypeError as e:
    print("TypeError:", e)
try:
    re.match("a", 5)
except TypeError as e:
    print("TypeError:", e)
try:
    re.compile(re.compile("a"), re.I)
except ValueError as e:
    print("ValueError:", e)
print(re.error.__name__, re.error.__module__, issubclass(re.error, Exception))
