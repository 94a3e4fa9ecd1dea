import re
def dashrepl(m):
    if m.group(0) == "-":
        return " "
    return "-"
print(re.sub("-{1,2}", dashrepl, "pro----gram-files"))
print(re.sub(r"\d+", lambda m: str(int(m.group()) ** 2), "1 2 3 10"))
print(re.sub(r"(?P<word>\w+)", lambda m: m.group("word").capitalize(), "the quick brown fox"))
counter = []
def rec(m):
    counter.append(m.span())
    return "<" + m.group() + ">"
print(re.sub(r"[aeiou]", rec, "education"), counter)
print(re.subn(r"\w", lambda m: m.group().upper(), "abc", count=2))
try:
    re.sub("a", lambda m: 5, "a")
except TypeError as e:
    print("TypeError:", e)
print(re.compile(r"(\d)(\d)").sub(lambda m: m.group(2) + m.group(1), "1234"))
