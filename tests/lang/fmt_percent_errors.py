cases = [("%d", ()), ("%d %d", (1,)), ("%d", (1, 2)), ("%z", 1), ("%", 1), ("%(a)s", 1), ("%(a)s", {}),
         ("%s", ()), ("abc", 1), ("abc", (1,)), ("%f", "x"), ("%.2", 1)]
for f, a in cases:
    try:
        print(repr(f % a))
    except Exception as e:
        print(f, type(e).__name__, e)
print("abc" % {}, "abc" % [] if False else "ok")
