class P:
    def __format__(self, spec):
        return "P<" + spec + ">"
print(format(P(), "xyz"), "{:abc}".format(P()), f"{P():q}")
class Q:
    def __str__(self): return "Qstr"
    def __repr__(self): return "Qrepr"
print(format(Q()), "{}".format(Q()), "{!r}".format(Q()), "%s %r" % (Q(), Q()))
try: format(Q(), "5")
except TypeError as e: print(type(e).__name__, e)
print(format(True), format(True, "d"), format(False, "5"), format(True, ">5"), "{:x}".format(True))
print(format(3, ".2f"), format(3, "e"), format(1, "%"))
