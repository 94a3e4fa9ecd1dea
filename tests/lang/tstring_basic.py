# reference: tstring_reference.py
# t-strings (Python 3.14, PEP 750): literal text, escapes, raw and triple-quoted forms,
# implicit concatenation, the Template's strings/interpolations/values, repr, iteration.
from string.templatelib import Template, Interpolation

t = t"plain"
print(type(t).__name__, type(t).__module__, isinstance(t, Template))
print(t, t.strings, t.interpolations, t.values)
print(repr(t"") , t"".strings)

name, n = "World", 3
t = t"Hello {name}, {n} times"
print(t)
print(t.strings, t.values)
print([type(p).__name__ for p in t])
print(list(t))
print(t"{name}{n}".strings, list(t"{name}{n}"))
print(t"{1}{2}{3}")

# escapes and braces
print(t"a{{b}}c".strings, t"{{{n}}}".strings, t"}}{{".strings)
print(t"tab\there\n\x41\u03b1\N{BULLET}\101".strings)
print(rt"C:\dir\{name}\n".strings, Rt"\d+{n}".strings, tR"\{n}".strings, TR"x".strings)
print(t'single "double"', t"double 'single'")
print(t"""triple "quoted" {name}
second line {n}
""")
print(t'''{name!r}
''')

# implicit concatenation of t-strings merges the strings at the seam
t = t"a{n}" t"b" t"{name}c"
print(t.strings, t.values)
t = (t"x"
     t"{n}"
     rt"\y")
print(t)

# expressions see their scope: locals, closures, comprehensions, class bodies
def f(a):
    b = a * 2
    def g():
        return t"{a} {b}"
    return g()
print(f(5))
print([t"{i}".values for i in range(3)])
class C:
    v = 7
    t = t"{v}"
print(C.t.values)
g = (t"{x}" for x in "ab")
print([x.values for x in g])

# values are the objects themselves, unformatted
obj = [1, 2]
t = t"{obj}"
print(t.values[0] is obj, t.interpolations[0].value is obj)
print(t"{None} {True} {...} {10**20} {b'x'} {1.5}")

# iteration leaves out empty strings
print(list(t"{n}"), list(t""), list(t"only"))
for part in t"a{n}b{name}":
    print(repr(part))
