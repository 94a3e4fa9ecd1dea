print("{} {}".format(1, 2), "{1} {0}".format("a", "b"), "{x} {y}".format(x=1, y="z"))
print("{0[0]} {0[1]}".format([5, 6]), "{d[k]}".format(d={"k": "v"}), "{0.real}".format(3))
print("{{}} {{{}}}".format(7), "{!r}".format("s"), "{!s}".format(1.0), "{!a}".format("é"))
print("{:>5}|{:<5}|{:^5}|{:*^7}".format("a", "b", "c", "d"))
print("{0:{1}}|".format("x", 4), "{:{}{}}".format(3, ">", 5), "{:.{}f}".format(3.14159, 2))
for f, a in [("{", ()), ("}", ()), ("{0", ()), ("{}", ()), ("{1}", (1,)), ("{x}", ()), ("{0!z}", (1,)),
             ("{:d}", ("a",)), ("{0}{}", (1, 2)), ("{}{0}", (1, 2)), ("{:s}", (1,)), ("{0[}", (1,))]:
    try:
        print(repr(f.format(*a)))
    except Exception as e:
        print(f, type(e).__name__, e)
print(format(5), format(5, "03"), format("x", "^3"), format(1.5, ""), format(None), format([1], ""))
