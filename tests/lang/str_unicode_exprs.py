u = "héllo wörld ñ 日本語 😀!"
ops = r'''
u.find("ö")
u.find("日本")
u.rfind("l")
u.index("😀")
u.count("l")
u.find("l", 3)
u.find("l", -10)
u.rfind("o", 0, 8)
u.split()
u.split("ö")
u.rsplit(" ", 2)
u.partition("ñ")
u.rpartition(" ")
u.replace("l", "L", 2)
u.upper()
u.title()
u.center(30, "·")
u.ljust(25, "→")
u.rjust(25)
u.zfill(30)
u.expandtabs()
"日\t本".expandtabs(4)
u[::-1]
u[3:9]
u[-3:]
u[100:]
len(u)
u.encode()
u.encode("utf-8").decode("utf-8") == u
u.encode("ascii", "replace")
u.encode("ascii", "ignore")
u.encode("ascii", "backslashreplace")
u.encode("ascii", "xmlcharrefreplace")
u.encode("latin-1", "replace")
u.startswith("hé")
u.endswith("😀!")
u.strip("h!")
"  ñ  ".strip()
sorted(set(u))[:5]
max(u)
min(u)
"%5s|%-5s|" % ("日本", "ñ")
"{:^9}".format("日本")
"{:.2}".format("日本語")
f"{u[:5]!r}"
ascii(u)
repr(u)
u.isalpha()
"日本語".isalpha()
u.casefold()
u.swapcase()
"ŉ".upper()
str(u.encode(), "utf-8") == u
u.split("l", 1)
"a😀b😀c".split("😀")
"😀" * 3
"x😀".find("😀")
"x😀y".index("y")
"😀😀".count("😀")
"aé".join("xyz")
list(reversed("a😀b"))
'''
for line in ops.split("\n"):
    line = line.strip()
    if not line: continue
    try:
        print(line, "=>", repr(eval(line)))
    except Exception as e:
        print(line, "=> EXC", type(e).__name__, e)
