exprs = r'''
"a" + 1
"a" + b"a"
b"a" + "a"
"a" * 1.0
"abc"[5]
"abc"[1:2:0]
"abc".index("z")
"abc".split(None, "x")
"abc".join([b"a"])
"{0}".format()
"{0:d}".format("a")
"{:x}".format(1.5)
"{:,s}".format("a")
"{:=}".format("a")
"{:0}".format("a")
"{:+}".format("a")
"{:#}".format("a")
"{:,x}".format(5)
"{:_,}".format(5)
"{:,_}".format(5)
"{:.}".format(5)
"{:.2d}".format(5)
"{:c}".format(1.5)
"{:c}".format("a")
"{!x}".format(1)
"{0!}".format(1)
"{:%}".format("a")
"{:>99999999999999999999}".format(1)
"%(a)s %(b)s" % {"a": 1}
"%s %s" % [1, 2]
"%s" % (1, 2)
"%d" % None
"%.2f" % "1"
"%c" % 1.5
"%c" % 1114112
"%*s" % (1.5, "a")
"%-" % ()
"%(" % {}
"% d %+d" % (5, 5)
"%#5x|%-#6o|" % (15, 8)
"%05.1f|%-7.2e|" % (3.14159, 31.4)
"%3%|" % ()
"%s%%%s" % (1, 2)
"%x" % True
"%s" % True
"%r" % None
"%a" % b"\xff"
"%i" % 2**70
"%o" % -8
"%X" % 2**70
"%.0f" % 2**70
"%g" % 2**70
"%e" % 0
"%.3g" % 0.0001234
"%G" % 1e-10
"%10.3s|" % "abcdef"
"%-10r|" % "x"
"%c" % "é"
"%5.2%|" % () if False else 1
int("")
int(" ")
int("1.5")
int("0x")
int("0b12", 0)
int("abc", 16)
int("1", 0.5)
int("1", base=37)
int(1.5, 10)
int(b"1.5")
int(float("nan"))
float("1.5x")
float("")
float(b"x")
float(bytearray(b"1e500"))
float(2**2000)
float({})
chr(1.5)
chr(-1)
ord(5)
ord("")
hex(1.5)
bin("1")
oct(None)
round(1.5, "x")
round("1")
round(2**70, -10)
round(-2**70, -5)
abs("x")
divmod(1, 0)
divmod(1.0, 0)
divmod("a", 1)
pow(2, 3, 0)
pow(2.0, 3, 4)
pow(2, 1.5, 4)
pow(0.0, -1)
1 / 0
1 // 0
1 % 0
1.0 / 0
1.0 // 0.0
1.0 % 0.0
0 ** -1
0.0 ** -1
2 ** -1.5
10 ** 1000 * 1.0
1 << 10**20
1 >> 10**20
-1 >> 10**20
bytes(-1)
bytes("a", "x")
bytes("é", "ascii")
bytes(2**64)
bytearray(-5)
b"a"[2]
b"a" * "a"
b"%s" % 1
b"%c" % 256
b"%c" % b"ab"
"a".encode(None)
"é".encode("ascii", "strict")
"x".encode("utf-8", "bogus")
b"\xff".decode("utf-8", "bogus")
str(b"\xff", "ascii")
str(1, 2, 3, 4)
str(b"x", errors="strict")
bool(1, 2)
float(1, 2)
int(1, 2, 3)
'''
for line in exprs.split("\n"):
    line = line.strip()
    if not line: continue
    try:
        print(line, "=>", repr(eval(line)))
    except Exception as e:
        print(line, "=> EXC", type(e).__name__, e)
