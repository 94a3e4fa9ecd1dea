print(b"%d-%s" % (5, b"x"), b"%5d|%-5d|%05d" % (42, 42, 42), b"%x %X %o" % (255, 255, 8))
print(b"%c%c" % (65, b"B"), b"%%", b"%r" % b"x" if False else b"%a" % "é", b"%b" % bytearray(b"ba"))
print(b"%.2f" % 3.14159, b"%e" % 1.5, b"%s" % b"only", b"%(a)s" % {b"a": b"dict"})
try: b"%s" % "str"
except TypeError as e: print(type(e).__name__, e)
try: b"%d" % b"x"
except TypeError as e: print(type(e).__name__, e)
try: b"%d %d" % (1,)
except TypeError as e: print(type(e).__name__, e)
print(bytearray(b"%d") % 7)
