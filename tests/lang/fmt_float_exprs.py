exprs = r'''
"%.20f" % 0.1
"%.30e" % 1.1
"%.60f" % 1e-50
"%.17g" % 0.1
"%.0e" % 5.5
"%.0e" % 6.5
"%.1f" % 0.05
"%.1f" % 0.15
"%.1f" % 0.25
"%.2f" % 1.005
"%.3f" % 2.0005
"%.15f" % (1/3)
"%f" % 1e300
"%.2f" % 1e22
"%g" % 1e16
"%g" % 123456
"%g" % 1234567
"%g" % 0.0001
"%g" % 0.00001234
"%#g" % 0.0
"%#.0f" % 3
"%#.0e" % 3
"%#x" % -1
"%+x" % 10
"% x" % 10
"%08.3f" % -1.5
"%-8.3f|" % -1.5
"%+08d" % 42
"% 08d" % 42
"%.5d" % -42
"%8.5d" % 42
"%-8.5x|" % 42
"%#8.5o" % 42
"%.0d" % 0
"%.0x" % 0
"{:.0f}".format(0.5)
"{:.0f}".format(-0.5)
"{:.1f}".format(-0.05)
"{:+.0f}".format(-0.4)
"{:.20g}".format(0.1)
"{:.25f}".format(1/3)
"{:e}".format(1e-320)
"{:g}".format(5e-324)
"{:.100e}".format(1.0)[:20]
"{:f}".format(1e200)[:30]
"{:,.2f}".format(1e15)
"{:_.2f}".format(-1234567.891)
"{:012,.2f}".format(-1234.5)
"{:>012,}".format(1234)
"{:<012}".format(5)
"{:^12,}".format(123456)
"{:x>+10.2f}".format(3.14159)
"{:0=+10.2f}".format(3.14159)
"{:%>10}".format(5)
"{:#x}".format(0)
"{:#b}".format(0)
"{:#o}".format(-0)
"{:#X}".format(255)
"{:08.3e}".format(12345.6789)
"{:.3G}".format(1e-10)
"{:.3E}".format(float("inf"))
"{:F}".format(float("nan"))
"{:f}".format(float("-inf"))
"{:.3%}".format(float("inf"))
"{:n}".format(-1234.5678)
"{:.3n}".format(1234.5678)
"{:g}".format(10**16)
"{:.2e}".format(10**100)
"{:.2f}".format(10**20)
"{:f}".format(2**100)
"{:%}".format(3)
"{:,}".format(-10**20)
"{:_b}".format(2**20)
"{:_o}".format(8**9)
"{:#_x}".format(2**40)
"{:d}".format(True)
"{:.2f}".format(True)
"{}".format(True)
"{:10}|".format(True)
"{:10}|".format(None) if False else 0
"{:s}".format("x")
"{0:^{1}.{2}f}".format(3.14159, 12, 3)
"{a[0]}{a[1]}".format(a="xy")
"{0[1][0]}".format([[1], [2]])
"{.__class__.__name__}".format(1)
"{!r:>8}".format(1.5)
"{0}{0}{0}".format("ab")
"{}{}{}".format(1, 2, 3)
"{{{0}}}".format(5)
"{0:}".format("x")
f"{3.14159:.{2}f}"
f"{'x'!r:>{5}}"
f"{10:#x}{10:#o}{10:#b}"
f"{1e10:,.0f}"
f"{-0.0}"
f"{2**64}"
f"{'a' 'b'}"
f"{3+4=}"
f"{'q'=!r:>5}"
f"{1,2}"
f"{ {1:2} }"
f"{[x*2 for x in range(3)]}"
"".join(f"{i:02x}" for i in b"\x01\xff")
str(1.0) + str(2)
str(-0.0)
repr(-0.0)
str(1e-5)
str(0.00001)
str(1e-4)
str(123456789012345.6)
str(1234567890123456.7)
str(12345678901234567.8)
repr(2.0**53)
repr(2.0**63)
repr(1.0e-7)
repr(1.5e-7)
repr(0.3)
repr(2/3)
repr(100.0)
repr(1e100)
repr(1.234e+100)
repr(123e-300)
'''
for line in exprs.split("\n"):
    line = line.strip()
    if not line: continue
    try:
        print(line, "=>", repr(eval(line)))
    except Exception as e:
        print(line, "=> EXC", type(e).__name__, e)
