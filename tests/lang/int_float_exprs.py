exprs = r'''
str(123456789.123456789)
str(0.1 + 0.7)
repr(1.1 * 1.1)
str(1e-310)
str(4.35)
str(2**0.5)
str(10**15 + 0.3)
str(-1.0e-300)
1.0 == 1
float(2**63) == 2**63
float(2**63 + 1) == 2**63 + 1
2**63 + 1 < float(2**63 + 2)
int(2**63 * 1.0)
10**20 == 1e20
1.5 // 0.1
1.5 % 0.1
-1.5 % 0.1
divmod(1.5, 0.1)
round(0.1 + 0.2, 15)
round(2.5)
round(3.5)
round(-2.5)
round(1.25, 1)
round(1.35, 1)
round(0.045, 2)
round(12.5, -1)
round(15.0, -1)
round(1e308, -308)
round(5.5, -400)
round(123.456, 400)
float("0.1") + float("0.2")
3 * 0.1
0.3 / 0.1
1e308 + 1e308
-1e308 * 10
float("inf") - float("inf")
0.0 * -1
-0.0 + 0.0
-0.0 - 0.0
abs(-0.0)
2 ** 1023 * 2.0
2.0 ** 1024
2 ** 1024 * 1.0
(2 ** 1024) / 2
(2 ** 1024) // 2.0
10 ** 308 / 10 ** -5 if False else 0
1 / (2**2000)
(2**2000) / (2**1999)
(2**2000 + 1) / 2**1000
7 / -2
-7 // 2.0
int(-7 / 2)
5 % -3.0
-5 % 3.0
5.0 // -3
1e16 % 3
hash(0.5)
hash(-1.0)
hash(float("nan")) if False else 0
1.0.__hash__() == hash(1)
float.__name__
type(1.0) is float
isinstance(1, float)
float.is_integer(2.0)
(1.0).real
(2.5).imag
0.1 + 0.2 == 0.3
abs(0.1 + 0.2 - 0.3) < 1e-15
1e-320
5e-324 / 2
2.2250738585072014e-308 / 2
1.7976931348623157e+308 * 1.0000000000000002
float("1.7976931348623159e308")
float("4.9e-324")
float("1e-324")
str(1e22)
str(1e21)
str(123e18)
repr(9.999999999999999e22)
float("12345678901234567890")
float("0.000001")
float("1_0.0_1")
float("1e1_0")
float("_1")
float(".")
float("1.e5")
float(".e5")
float("-.5")
float("+.5e+1")
float("nan(1)")
float("0x1p3")
int(1e308)
int(-1e-308)
int(float("1e19"))
int("+ 1")
int("1 0")
int("0_0")
int("00_0")
int("09")
int("0b", 0)
int("0b2", 0)
int("12", 3)
int("Z", 35)
int(" 0x1F ", 16)
int("-0b1010", 0)
int("1e2")
int("١٢")
int("٣", 16)
int("\u0661\u0662", 0)
int(b" 42 ")
int(b"0x10", 16)
int(bytearray(b"7"), 8)
int("9" * 5000) % 1000 if False else 0
len(str(2 ** 10000))
str(-(10 ** 30))
repr(10 ** 30)
10 ** 30 // 7
-(10 ** 30) // 7
(10 ** 30) % -7
(10 ** 30) >> 64
-(10 ** 30) >> 64
(10 ** 30) & 0xFFFFFFFF
-(10 ** 30) & 0xFFFFFFFF
-(10 ** 30) | 1
-(10 ** 30) ^ -(10 ** 29)
~(10 ** 30)
(10**30).bit_length()
(10**30).bit_count()
(-(10**30)).to_bytes(13, "big", signed=True)
int.from_bytes((10**30).to_bytes(13, "little"), "little")
(10**30).to_bytes(12, "big")
(-5).to_bytes(1, "big")
(0).to_bytes(1, "big", signed=True)
(127).to_bytes(1, "big", signed=True)
(128).to_bytes(1, "big", signed=True)
(-128).to_bytes(1, "big", signed=True)
int.from_bytes(b"\x80", "big", signed=True)
int.from_bytes(b"\x00\x01", byteorder="little")
int.from_bytes(b"\x01", "middle")
(5).to_bytes()
(300).to_bytes()
int.from_bytes(b"\x05")
abs(-(10**30))
pow(10**30, 2, 10**9 + 7)
pow(3, 10**20, 1000)
pow(10**30, -1, 7)
pow(-(10**30), 3)
pow(2, 100, -7)
(10**30) ** 0
0 ** (10**30)
1 ** (10**30)
(-1) ** (10**30 + 1)
2 ** 0.5
10 ** -2
(-10) ** -2
int.__add__(1, 2)
int.__mul__(3, 4)
(3).__truediv__(2)
(3).__rtruediv__(2)
(3).__pow__(2, 5)
(3).__lt__(4)
(3).__eq__(3.0)
(3).__eq__("3")
(5).__and__(3)
(5).__lshift__(2)
(5).__divmod__(2)
(5).__rdivmod__(17)
divmod(5.5, 2)
(5.5).__divmod__(2)
(1.5).__pow__(2)
(1.5).__rpow__(2)
(2).__rpow__(3)
(1.5).__lt__(2)
(1.5).__eq__(1.5)
(1.5).__floordiv__(0.5)
(1.5).__mod__(1)
(1.5).__int__()
(1.5).__bool__()
(0).__bool__()
float.__new__(float, "1.5")
int.__new__(int, "15")
float.__add__(1.0, 2.0)
float.__sub__(1.0, 2)
int.__sub__(1, 2.0)
True.__and__(False)
True.__or__(1)
True & 2
(True).__xor__(True)
bool.__and__(True, True)
'''
for line in exprs.split("\n"):
    line = line.strip()
    if not line: continue
    try:
        print(line, "=>", repr(eval(line)))
    except Exception as e:
        print(line, "=> EXC", type(e).__name__, e)
