# How print, str, repr and containers use __str__ and __repr__.
class OnlyRepr:
    def __repr__(self):
        return "<OnlyRepr>"
class OnlyStr:
    def __str__(self):
        return "only-str"
class Both:
    def __str__(self):
        return "both-str"
    def __repr__(self):
        return "both-repr"
for o in [OnlyRepr(), Both()]:
    print(o, str(o), repr(o), [o], (o,), {"k": o}, f"{o}", f"{o!r}", "%s %r" % (o, o), "{} {!r}".format(o, o))
s = OnlyStr()
print(s, str(s), [repr(s)[:9]], f"{s}")
class BadRepr:
    def __repr__(self):
        return 42
try:
    repr(BadRepr())
except TypeError as e:
    print("TypeError:", e)
class BadStr:
    def __str__(self):
        raise ValueError("str failed")
try:
    print(BadStr())
except ValueError as e:
    print("ValueError:", e)
