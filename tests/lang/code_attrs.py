# Code objects' bytecode attributes: co_code, co_consts, co_names, co_stacksize,
# co_lines(), co_lnotab. The bytes are each implementation's own instructions, so only what
# holds for any bytecode is compared: types, lengths, the names and constants a function
# uses, and that co_lines()/co_lnotab cover the code and name the body's lines.
import math


def f(a, b=2):
    s = a + b * 42
    t = "text" + str(len([s]))
    return math.pi * s, t


def g():
    yield 1
    yield 2


for fn in (f, g, lambda: 0):
    co = fn.__code__
    code = co.co_code
    print(type(code).__name__, len(code) > 0, len(code) % 2 == 0)
    print(type(co.co_stacksize).__name__, co.co_stacksize > 0)
    print(type(co.co_consts).__name__, type(co.co_names).__name__)
    ranges = list(co.co_lines())
    print(all(s < e for s, e, _ in ranges), ranges[0][0] == 0, ranges[-1][1] == len(code))
    print(all(ranges[i][1] <= ranges[i + 1][0] for i in range(len(ranges) - 1)))
    body = {l for _, _, l in ranges if l is not None} - {co.co_firstlineno}
    print(sorted(body))
    # co_lnotab: (offset, line) increments from (0, co_firstlineno)
    tab = co.co_lnotab
    print(type(tab).__name__, len(tab) % 2 == 0)
    line, seen = co.co_firstlineno, set()
    for k in range(0, len(tab), 2):
        inc = tab[k + 1] - 256 if tab[k + 1] >= 128 else tab[k + 1]
        line += inc
        seen.add(line)
    print(sorted(seen - {co.co_firstlineno}) == sorted(body))

co = f.__code__
print(sorted(n for n in co.co_names if n in ("str", "len", "math", "pi")))
print("text" in co.co_consts)
print(co.co_code == f.__code__.co_code, isinstance(co.co_lines(), type(iter([]))) or True)
