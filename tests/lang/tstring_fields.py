# reference: tstring_reference.py
# t-string replacement fields: expression text, conversions, format specs (nested fields,
# formatted when the t-string is evaluated), the = debug form, PEP 701 expressions (any
# quotes, backslashes in literals, nested t-strings), f-strings inside and around.
x, y, width, prec = 42, 10, 8, 3
pi = 3.14159

def show(t):
    for i in t.interpolations:
        print(repr(i.value), repr(i.expression), i.conversion, repr(i.format_spec))
    print("  strings:", t.strings)

show(t"{x!r} {x!s} {x!a} {'é'!a}")
show(t"{x:>10} {pi:.2f} {x:{width}} {pi:{width}.{prec}f} {x:{'>'}{width}}")
show(t"{x!r:^{width}}")
show(t"{x:}")
show(t"{x:10!r} {x:>!10}")
show(t"{x:{{}}}" if False else t"{x:%d}")

# expression text: leading whitespace kept, trailing removed
show(t"{ x } {x   } {   x}")
show(t"{x + y} {x if x else y} {[x, y][0]} {x == y} {x != y} {x <= y} {(x := 5)}")
print(x)
x = 42
show(t"{ {'a': 1}['a'] } {(lambda v: v * 2)(x)} {x:{y}}")

# debug: the text goes into the strings, conversion r unless a spec or one is given
show(t"{x=}")
show(t"{x = }")
show(t"{ x =}")
show(t"{x + y=}")
show(t"{pi=:.2f}")
show(t"{x=!s}")
show(t"{x=!s:>5}")
show(t"{x = !r:>5}")

# whitespace after the conversion
show(t"{x!r :>4}")
show(t"{x!s }")

# PEP 701: the enclosing quote and backslashes inside the expression's literals
d = {"key": "v", "k'": "w"}
show(t"{d["key"]} {d['key']} {'\n'} {"\\"} {d["k'"]}")
show(t'{"a" + 'b'}')
show(t"""{'''tri'''} {"""q"""}""")
# nested t-strings, to any depth
inner = t"in{x}"
t = t"out{t"mid{t"deep{y}"}"} {inner}"
print(t)
print(t.values[0].values[0].values)
# f-strings inside and around
show(t"{f'{x:>4}'} {f"{y}"}")
print(f"{t'{x}'.values}")
print(f"{t'{x}'!r}")
print(str(t"{x}"), format(t"{x}", ""))

# multi-line expressions
show(t"""{
    x
    +
    y
}""")
show(t"{(x,
        y)}")

# conversions and specs of nested fields in a spec are applied (as in an f-string)
class R:
    def __repr__(self):
        return "<R>"
    def __format__(self, spec):
        return "R:" + spec
show(t"{R():{R()!r}}")
show(t"{R():{R()}}")
show(t"{R()!r:x}")

# evaluation order and errors inside fields
order = []
def ev(v):
    order.append(v)
    return v
t = t"{ev(1)}{ev(2):{ev(3)}}{ev(4)}"
print(order, t.values, t.interpolations[1].format_spec)
try:
    t"{1 / 0}"
except ZeroDivisionError as e:
    print("ZeroDivisionError", e)
try:
    t"{x:{1 / 0}}"
except ZeroDivisionError as e:
    print("ZeroDivisionError in spec", e)
try:
    t"{undefined_name}"
except NameError as e:
    print(e)

# await and yield inside fields
def gen():
    t = t"{(yield 1)}"
    yield t
g = gen()
print(next(g), g.send("sent"))

import asyncio
async def main():
    async def val():
        return "awaited"
    return t"{await val()}"
print(asyncio.run(main()))
