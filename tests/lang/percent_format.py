# printf-style % formatting.
print("%d %i %u" % (42, -7, 3), "%5d|%-5d|%05d|%+d|% d" % (42, 42, 42, 42, 42))
print("%x %X %o %#x %#X %#o %08.3f" % (255, 255, 8, 255, 255, 8, 3.14159))
print("%s %r %a" % ("é", "é", "é"), "%s" % [1, 2], "%s" % (1,), "%s %s" % ("a", 1.5), "%%", "%c%c" % (65, "z"))
print("%(name)s is %(age)d" % {"name": "Ann", "age": 30}, "%(x)r" % {"x": "q"})
print("%.3s|%10.2s|%-6s|" % ("abcdef", "xyz", "ab"), "%*d|%-*d|%.*f" % (5, 1, 4, 2, 2, 3.14159))
print("%e %E %g %G %.0e" % (12345.678, 0.00012, 1e-10, 1e20, 5.5))
print("%d" % 3.99, "%d" % True, "%x" % -255, "%s" % None, "%5s|" % True, "%.2f" % 2, "%d" % 10 ** 30)
print("abc" % (), "%s" % "only", "%s-%s" % tuple("xy"))
for fmt, args in [("%d", "x"), ("%d %d", (1,)), ("%d", (1, 2)), ("%z", 1), ("%(a)s", 1), ("%c", 1114112),
                  ("%c", "ab"), ("%", ()), ("%x", 1.5)]:
    try:
        print(fmt % args)
    except (TypeError, ValueError, KeyError, OverflowError) as e:
        print(type(e).__name__, e)
