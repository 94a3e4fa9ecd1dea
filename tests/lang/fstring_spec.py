# f-strings: expressions, conversions, nested specs, self-documenting '=' and escapes.
x, y, name = 42, 3.14159, "krait"
items = [1, 2, 3]
d = {"a": 1, "b": [2, 3]}
print(f"{x}", f"{x!r}", f"{name!r}", f"{name!s}", f"{name!a}", f"{'é'!a}", f"{x + 1}", f"{x * 2:>6}")
print(f"{y:.2f}", f"{y:10.3f}|", f"{y:<10.1f}|", f"{y:^10.2f}|", f"{y:+.1e}", f"{x:08.3f}", f"{-x:=8}")
print(f"{x:b}", f"{x:o}", f"{x:x}", f"{x:X}", f"{x:#b}", f"{x:#o}", f"{x:#x}", f"{x:c}", f"{x:d}", f"{x:,}",
      f"{10**7:_}", f"{255:#010x}", f"{x:e}", f"{x:%}", f"{x:g}", f"{-x:b}", f"{x: }", f"{-x: }")
width, prec = 12, 3
print(f"{y:{width}.{prec}f}|", f"{name:>{width}}|", f"{name:{'*'}^{width}}|", f"{x:{'+' if x else ''}}")
print(f"{items}", f"{items[1]}", f"{d['a']}", f"{d['b'][-1]}", f"{len(items)}", f"{'nested ' + name}")
print(f"{{literal}}", f"{{{x}}}", f"a{{b", f"{x}{y}{name}", f"{x=}", f"{x = }", f"{y=:.2f}", f"{name=!s}")
print(f"{'a' if x > 0 else 'b'}", f"{[i * i for i in range(4)]}", f"{(lambda z: z + 1)(5)}", f"{x:>{width}}")
print(f"""multi
line {x}""", f'single {name}', rf"raw\n{x}", fr"\t{name}")
print(f"{None}", f"{True}", f"{True:>5}", f"{None!r:>6}", f"{3.0}", f"{1e20}", f"{1/3}")
print(f"{'left':<8}|{'right':>8}|{'mid':^9}|{'fill':_<8}|{'z':0>3}")
print(f"{1234567.891:,.2f}", f"{0.000123:.2e}", f"{12345:>+10,}", f"{-0.0:f}", f"{-1.5:+}")
class P:
    def __format__(self, spec):
        return "P[" + spec + "]"
    def __str__(self):
        return "P-str"
    def __repr__(self):
        return "P-repr"
p = P()
print(f"{p}", f"{p:xyz}", f"{p!s}", f"{p!r}", f"{p!r:>8}", format(p, "q"), "{:abc}".format(p))
try:
    f"{x:z}"
except ValueError as e:
    print("ValueError:", e)
try:
    f"{name:d}"
except ValueError as e:
    print("ValueError:", e)
try:
    f"{y:x}"
except ValueError as e:
    print("ValueError:", e)
