# reference: tstring_reference.py
# string.templatelib's Template and Interpolation: constructors, validation, read-only
# attributes, no subclassing, +, iteration, match, convert, identity semantics.
from string.templatelib import Template, Interpolation, convert
import string.templatelib
print(string.templatelib.Template is Template, sorted(string.templatelib.__all__))
print(Template.__name__, Template.__module__, Interpolation.__qualname__)

i = Interpolation(42, "x")
print(i, i.value, i.expression, i.conversion, repr(i.format_spec))
print(Interpolation(1), Interpolation(1, "a", "r"), Interpolation(1, "a", None, ">4"))
print(Interpolation(value=1, expression="e", conversion="s", format_spec="x"))
print(Interpolation.__match_args__)
for bad in [dict(expression=1), dict(conversion="z"), dict(conversion=""),
            dict(format_spec=None)]:
    try:
        Interpolation(0, **bad)
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
try:
    Interpolation()
except TypeError:
    print("TypeError: no value")

for attr in ["value", "expression", "conversion", "format_spec"]:
    try:
        setattr(i, attr, 1)
    except AttributeError:
        print("read-only", attr)
try:
    del i.value
except AttributeError:
    print("cannot delete")

print(Template())
print(Template("a"), Template("a", "b", "c"))
print(Template("a", i, "b"))
print(Template(i), Template(i, i), Template("x", i, i, "y", "z"))
print(Template("", i, "").strings, Template(i, "").strings)
t = Template(*["s", Interpolation(1, "a"), "t", Interpolation(2, "b")])
print(t.strings, t.values, list(t))
for bad in [(1,), ("a", 2.5), (b"x",), (t,), ("a", None)]:
    try:
        Template(*bad)
    except TypeError as e:
        print("TypeError", e)
try:
    Template(strings=("a",))
except TypeError as e:
    print("TypeError", e)
for attr in ["strings", "interpolations", "values"]:
    try:
        setattr(t, attr, ())
    except AttributeError:
        print("read-only", attr)

for cls in (Template, Interpolation):
    try:
        class Sub(cls):
            pass
        print("subclassed", cls.__name__)
    except TypeError as e:
        print("TypeError", e)

# +: Templates only
a, b = t"a{1}b", t"c{2}"
print(a + b, (a + b).values)
print(t"" + t"", t"x" + t"{3}" + t"y")
for other in ["s", 1, None, [1]]:
    for expr in (lambda: a + other, lambda: other + a):
        try:
            expr()
        except TypeError as e:
            print("TypeError", e)
for op in ["-", "*", "%", "|", "<", "==", "!="]:
    try:
        print(op, eval("a %s a" % op))
    except TypeError:
        print(op, "TypeError")
print(t"x" == t"x", a == a, a != b, hash(a) == hash(a), len({a, b, a}))
print(t"x" is t"x", Interpolation(1) == Interpolation(1))
d = {a: 1}
print(d[a])

# convert
print(convert("é", None), convert("é", "s"), convert("é", "r"), convert("é", "a"))
try:
    convert(1, "x")
except ValueError:
    print("ValueError")

# match on parts, the way renderers are written
def kinds(t):
    out = []
    for part in t:
        match part:
            case str() as s:
                out.append("str:" + s)
            case Interpolation(value, expr, conv, spec):
                out.append("field:%r/%s/%s/%s" % (value, expr, conv, spec))
    return out
print(kinds(t"a{1!r:>2}b{2}"))
match t"x":
    case Template(strings=("x",)):
        print("matched by strings")
