# ExceptionGroup.split/subgroup: by type, tuple, predicate; nesting; metadata copied to the parts
def leaves(e, depth=0):
    out = []
    if isinstance(e, BaseExceptionGroup):
        out.append("  " * depth + f"{type(e).__name__}({e.message!r})")
        for x in e.exceptions:
            out.extend(leaves(x, depth + 1))
    else:
        out.append("  " * depth + repr(e))
    return out

def show(label, e):
    print(label)
    if e is None:
        print("  None")
    else:
        for line in leaves(e):
            print("  " + line)

v1, v2, t1, k1, o1 = ValueError(1), ValueError(2), TypeError("t"), KeyError("k"), OSError("o")
eg = ExceptionGroup("top", [v1, ExceptionGroup("mid", [t1, v2, ExceptionGroup("low", [k1])]), o1])

for cond in [ValueError, (TypeError, KeyError), OSError, LookupError, Exception, ZeroDivisionError,
             lambda e: isinstance(e, ValueError) and e.args[0] == 2,
             lambda e: isinstance(e, ExceptionGroup) and e.message == "low"]:
    name = getattr(cond, "__name__", None) or repr(cond)
    if name == "<lambda>":
        name = "predicate"
    m, r = eg.split(cond)
    show(f"split({name}) match", m)
    show(f"split({name}) rest", r)

print(eg.subgroup(ValueError).exceptions[0] is v1)
print(eg.subgroup(lambda e: True) is eg, eg.subgroup(lambda e: False))
print(eg.split(Exception)[0] is eg)

# the parts carry the original's traceback, cause, context and a copy of its notes
try:
    try:
        raise RuntimeError("ctx")
    except RuntimeError:
        raise ExceptionGroup("g", [ValueError(1), TypeError(2)]) from KeyError("cause")
except ExceptionGroup as g:
    g.add_note("group note")
    m, r = g.split(ValueError)
    print(m.__traceback__ is g.__traceback__, r.__traceback__ is g.__traceback__)
    print(repr(m.__cause__), repr(m.__context__), m.__notes__, m.__notes__ is g.__notes__)
    print(repr(r.__cause__), r.__notes__)

# derive decides the type of the parts
class Tagged(ExceptionGroup):
    def __new__(cls, message, excs, tag="?"):
        self = super().__new__(cls, message, excs)
        self.tag = tag
        return self
    def derive(self, excs):
        return Tagged(self.message, excs, self.tag + "'")

t = Tagged("tg", [ValueError(1), TypeError(2)], "x")
m, r = t.split(TypeError)
print(type(m).__name__, m.tag, r.tag, m.exceptions, r.exceptions)

class Plain(ExceptionGroup):
    pass

m, r = Plain("p", [ValueError(1), TypeError(2)]).split(TypeError)
print(type(m).__name__, type(r).__name__)

for bad in [1, "x", (ValueError, 1), int]:
    try:
        eg.split(bad)
    except TypeError as e:
        print("TypeError:", e)
