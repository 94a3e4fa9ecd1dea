import re
print(re.sub(r"def\s+([a-zA-Z_][a-zA-Z_0-9]*)\s*\(\s*\):", r"static PyObject*\npy_\1(void)\n{", "def myfunc():"))
print(re.sub(r"(\w+) (\w+)", r"\2 \1", "hello world, good day"))
print(re.sub(r"(?P<w>\w+)", r"<\g<w>>", "a bc"), re.sub(r"(\w)", r"\g<1>\g<0>", "ab"))
print(re.sub(r"a", r"\t|\\|\&", "a"), re.sub("x", "[\\n]", "x") == "[\n]")
print(re.sub(r"(a)?b", r"[\1]", "b ab"), re.sub(r"o", "0", "foo boo", count=2), re.sub("", "-", "abc"))
print(re.subn(r"\d", "#", "a1b2c3"), re.subn(r"z", "#", "abc"), re.sub(r"x*", "-", "abxd"))
print(re.sub(r"(\d+)", r"\1\1", "7 and 42"), re.sub(r"(\d)", r"\10", "5") if False else "skip")
print(re.sub("(?i)b+", "x", "bbbb BBBB"), re.sub(r"\s+", " ", "  lots   of\t\tspace  "))
for bad in [r"\3", r"\g<x>", r"\g<1", r"\q", r"\g<>"]:
    try:
        re.sub(r"(a)(b)?", bad, "ab")
    except (re.error, IndexError) as e:
        print(type(e).__name__, e)
print(re.compile(r"(\w+)@(\w+)\.com").sub(r"\2:\1", "joe@example.com, ann@test.com"))
print(re.sub(r"\\", "/", r"C:\dir\file"), re.sub(r"\.", r"\\.", "a.b"))
