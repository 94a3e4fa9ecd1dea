import re
print(re.I, re.M, re.S, re.X, re.A, re.U, re.I | re.M, re.NOFLAG, int(re.I), re.IGNORECASE == 2)
print(re.findall("a", "aA", re.I), re.findall(r"^x", "x\nx", re.M), re.match(".+", "a\nb", re.S).group())
a = re.compile(r"""\d +  # the integral part
                   \.    # the decimal point
                   \d *  # some fractional digits""", re.X)
print(a.match("3.14 rest").group(), a.flags & re.X != 0)
print(re.findall(r"\w+", "héllo wörld"), re.findall(r"\w+", "héllo wörld", re.A), re.findall(r"(?a)\w+", "héllo"))
print(re.match(r"\d", "٣"), re.match(r"\d", "٣", re.A), re.match(r"(?i)straße", "STRASSE"), re.match("É", "é", re.I))
print(re.compile("x", re.I | re.S), re.compile("x", re.X).flags, re.compile("(?i)x").flags, re.compile(b"x").flags)
print(re.search(r"(?i:a)b", "Ab"), re.search(r"(?i:a)b", "AB"), re.search(r"(?s:.)", "\n"))
print(re.match(r"(?x) a b # comment", "ab"), re.match("a b", "ab", re.X), re.match(r"a\ b", "a b", re.X))
for bad in [lambda: re.compile("x", re.L), lambda: re.compile(b"x", re.U), lambda: re.compile("a(?i)b")]:
    try:
        bad()
    except (ValueError, re.error) as e:
        print(type(e).__name__, e)
