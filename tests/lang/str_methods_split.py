# split, rsplit, splitlines, partition, join.
s = "  a b  c\td\ne  "
print(s.split(), s.split(" "), s.split(None, 2), s.rsplit(None, 2), s.split(" ", 3), s.rsplit(" ", 3))
print("a,b,,c".split(","), "a,b,,c".split(",", 1), "a,b,,c".rsplit(",", 1), ",".split(","), "".split(","), "".split())
print("a--b--c".split("--"), "abc".split("abc"), "aaa".split("a"), "x".split("x", 0))
print("1 2 3".split(maxsplit=1), "1 2 3".rsplit(maxsplit=1), "a.b.c".split(sep=".", maxsplit=-1))
try:
    "abc".split("")
except ValueError as e:
    print("ValueError:", e)
print("l1\nl2\r\nl3\rl4\n".splitlines(), "l1\nl2\n".splitlines(True), "".splitlines(), "\n".splitlines(),
      "a\x0bb\x0cc\x1cd\u2028e".splitlines())
print("key=value=x".partition("="), "novalue".partition("="), "key=value=x".rpartition("="), "x".rpartition("="))
print("-".join(["a", "b", "c"]), "".join([]), ", ".join("xyz"), "|".join(("1",)), " ".join(map(str, range(5))))
try:
    ",".join(["a", 1])
except TypeError as e:
    print("TypeError:", e)
try:
    "a".partition("")
except ValueError as e:
    print("ValueError:", e)
