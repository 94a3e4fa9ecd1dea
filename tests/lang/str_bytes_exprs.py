exprs = r'''
"{:>10}".format(b"x")
str(b"\x00")
"abc".index("c", 0, 2)
"a\tb".expandtabs(-1)
"%.3r" % "abcdef"
"%5c|" % "x"
"%-5c|" % 65
"%#o" % 0
"%#x" % 0
"%+.3e" % 0.0
"%g" % 1e-5
"%g" % 123456789
"%.0g" % 0.5
"%#.3g" % 1.0
"%10.4g|" % 3.14159
"%-010d|" % 5
"%e" % 10**20
"%f" % 10**20
"%d" % 1e20
"%d" % -0.0
"%x" % -255
"%#b" % 5 if False else 1
"{:b}".format(-5)
"{:#o}".format(-8)
"{:+#x}".format(255)
"{:=10}".format(-3)
"{:010}".format(-3.5)
"{:^010}".format(7)
"{:,}".format(1234.5)
"{:,.0f}".format(1234.5)
"{:.3}".format(1234.5)
"{:.3}".format("abcdef")
"{:10.3}|".format(1.0)
"{:g}".format(1e-4)
"{:g}".format(1.0e-5)
"{:.2%}".format(0.12345)
"{:e}".format(0)
"{:.0e}".format(12345)
"{:n}".format(1234567)
"{:n}".format(1.5)
"{:c}".format(128512)
"{0!r:^10}".format("a")
"{:}".format(5)
"{!s:5}|".format(None)
format(1e16, ",")
format(-1e-7, "")
format(123.0, ".0f")
format(0.5, ".0f")
format(1.5, ".0f")
format(2.675, ".2f")
format(1e300, "f")[:20]
format(5e-324, "e")
format(float("nan"), "f")
format(float("-nan"), "")
format(float("inf"), "e")
format(float("inf"), "%")
format(12, "%")
format(-0.0, ".1f")
format(-0.0, "+g")
format(1.0, "#")
format(100.0, "g")
format(1e6, "g")
format(1e-4, ".0%")
round(-0.5)
round(0.5, 1)
round(-1.5)
round(1e16 + 1)
round(12345, -7)
round(-12345, -7)
1e16
1.0e16 + 2
float("1e-7")
float(" nan ")
float("-iNF")
float("+nAn")
2.5e-5
0.1 * 3
1 / 3 * 3
10 ** -1
-2 ** 0.5
(-2) ** 2.0
(-8) ** (1/3) if False else 0
int("0o777", 0)
int("0O777", 0)
int("0B11", 0)
int("0xAbC", 16)
int(" \n12\t")
int("١٢٣")
int("1" * 30, 2)
int("zz", 36)
int(True)
int("-  1") if False else 0
(123).to_bytes(4, byteorder="big")
(1234).to_bytes(2, "little", signed=False)
int.from_bytes(b"\x00\x80", "big", signed=True)
(-129).to_bytes(2, "big", signed=True)
(2**64).bit_length()
(-(2**64)).bit_length()
divmod(2**64, -3)
divmod(-2**64, 3)
(-2**64) // 3
-(2**64) % 7
2**64 % -7
pow(10, 20, 7)
pow(2, -2)
pow(-2, -3)
pow(0, 0)
pow(2.5, 2)
7 .bit_length()
abs(-2**63)
-(-2**63)
(2**63) * -1
(-2**63) * -1
(-2**63) // -1
(-2**63) % -1
2**63 - 1 + 1
-(2**63) - 1
(2**62) * 2
(2**62) * 4
3037000500 * 3037000500
-3037000500 * 3037000500
1 << 62
1 << 63
1 << 64
-1 << 63
(2**63) >> 1
~(2**63)
~(-2**63)
2**-1
0 ** 0.0
hex(-0)
bin(-(2**64))
oct(2**64)
int("-0x10", 16)
int("0x", 16) if False else 0
float.fromhex("0x1.ffffffffffffffp1023") if False else 0
(0.1).hex()
(-0.0).hex()
float.fromhex("-0x0.8p-1")
float("1.5").as_integer_ratio()
(0.1).as_integer_ratio()
1.5.is_integer()
3.0.__int__()
(3.7).__round__()
(3.75).__round__(1)
(2.5).__floor__()
(-2.5).__ceil__()
hash(1e100) == hash(int(1e100))
max(1, 1.0)
max(1.0, 1)
min(0, -0.0)
sum([0.1] * 10)
sum([1, 2.5])
True + 0.5
True * 2.5
divmod(True, 2)
b"abc" * -1
bytearray(b"ab") * 0
b"%s %s" % (b"a", bytearray(b"b"))
b"%5s|%-5s|" % (b"ab", b"cd")
b"%d%%" % 50
b"%x" % 255
b"%o" % 8
b"%i" % 3
b"%r" % "x" if False else 0
b"%.1f" % 2.25
b"%(x)d" % {b"x": 5}
bytes(b"x") is not None
bytes(memoryview(b"ab")) if False else 0
'''
for line in exprs.split("\n"):
    line = line.strip()
    if not line: continue
    try:
        print(line, "=>", repr(eval(line)))
    except Exception as e:
        print(line, "=> EXC", type(e).__name__, e)
