print("[%*s]" % (6, "ab"), "[%-*s]" % (6, "ab"), "[%.*s]" % (2, "abcdef"), "[%*.*f]" % (8, 3, 3.14159), "[%*d]" % (-4, 5))
try: "%*d" % ("a", 1)
except TypeError as e: print(type(e).__name__, e)
