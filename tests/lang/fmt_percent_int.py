for v in [0, 5, -5, 42, 255, -255, 12345678901234567890, True]:
    print("%d|%i|%5d|%-5d|%05d|%+d|% d|%x|%X|%#x|%#X|%o|%#o|%u" % (v, v, v, v, v, v, v, v, v, v, v, v, v, v))
print("%d" % 3.9, "%x" % 255, "%.3d" % 5, "%10.5d|" % -3, "%-+6d|" % 3)
try: "%x" % 3.5
except TypeError as e: print(type(e).__name__, e)
try: "%d" % "a"
except TypeError as e: print(type(e).__name__, e)
print("%c%c%c" % (72, "i", 0x1f600))
try: "%c" % "ab"
except TypeError as e: print(type(e).__name__, e)
try: "%c" % -1
except OverflowError as e: print(type(e).__name__, e)
