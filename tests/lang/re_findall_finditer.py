import re
text = "He was carefully disguised but captured quickly by police."
print(re.findall(r"\w+ly\b", text))
for m in re.finditer(r"\w+ly\b", text):
    print("%02d-%02d: %s" % (m.start(), m.end(), m.group(0)))
print(re.findall(r"(\w+)=(\d+)", "a=1, b=22, c=x"), re.findall(r"(\d)", "a1b2"), re.findall(r"((a)(b)?)", "aab"))
print(re.findall(r"", "abc"), re.findall(r"a*", "baaac"), re.findall(r"\b\w", "hi there"), re.findall(r"x*", ""))
print(re.findall(r"(a)|(b)", "ab"), re.findall("a", "A a", re.I), re.findall(r"^\w", "ab\ncd", re.M))
print([m.group() for m in re.finditer(r"\d", "1a2b3")], list(re.finditer("z", "abc")))
print([m.span() for m in re.finditer(r"a*", "aab")], re.compile(r"\d").findall("12345", 1, 3))
it = re.finditer(r"(\w)(\d)", "a1 b2")
print(next(it).groups(), next(it).span(2))
print(re.findall(r"[aeiou]", "Programming in Python"), len(re.findall(r".", "x" * 1000)))
