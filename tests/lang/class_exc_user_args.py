class E(Exception): pass
e = E()
print(repr(e), str(e), e.args)
e = E("one")
print(repr(e), str(e), e.args)
e = E("a", 2)
print(repr(e), str(e), e.args)
class F(Exception):
    def __init__(self, msg, code):
        super().__init__(msg)
        self.code = code
    def __str__(self):
        return "F[%s]: %s" % (self.code, self.args[0])
try:
    raise F("boom", 7)
except F as ex:
    print(ex, ex.code, repr(ex))
class G(Exception):
    def __init__(self, x):
        self.x = x
g = G(3)
print(g.args, str(g), repr(g))
class H(KeyError): pass
print(str(H("k")), str(KeyError("k")), str(KeyError()), str(KeyError(1, 2)))
try:
    raise E
except E as ex:
    print("caught class", repr(ex))
print(isinstance(E(), BaseException), issubclass(E, Exception))
e = E(1)
e.args = (5, 6)
print(e, e.args)
