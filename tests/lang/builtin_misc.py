# getattr/setattr/hasattr, format, globals membership, dir of simple objects, vars-like checks.
class O:
    def __init__(self):
        self.a = 1
o = O()
setattr(o, "b", 2)
print(getattr(o, "a"), getattr(o, "b"), hasattr(o, "c"), getattr(o, "c", 3), sorted(o.__dict__.items()))
print(format(12), format(12, "05d"), format("ab", "^6"), format(0.5, ".0%"), format(True, "d"), format(10 ** 20, ","))
print("O" in globals(), "nope" in globals(), globals()["O"] is O, type(globals()).__name__)
def f():
    x = 1
    y = 2
    return sorted(locals())
print(f())
print([n for n in dir(o) if not n.startswith("_")], "append" in dir([]), "upper" in dir(""))
print(abs(-5), round(2.567, 2), divmod(9, 4), isinstance(o, O), callable(O), issubclass(O, object))
print(sorted({"b": 1, "a": 2}), list(reversed(sorted("cab"))), max("hello"), min(3, 1, 2))
print(object() != object(), type(object()).__name__, str(type(o))[:16])
