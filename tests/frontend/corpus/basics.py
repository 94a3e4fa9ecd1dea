import os, sys as s
from . import x
from ..a.b import (c as d, e,)
x = 1 + 2 * 3 ** -4
a, *b = c = [1, 2.5, 'x', b'y', None, True, ...]
def f(a, b=1, /, c=2, *args, d, e=3, **kw) -> int:
    """doc"""
    global g
    return a if b else c
@dec
@dec2(1)
class C(B, metaclass=M):
    x: int = 5
    async def m(self):
        async with a as b, c:
            await x
        async for i in y:
            pass
for i, j in enumerate(z):
    if i < j < 3:
        continue
    elif i is not j or not i:
        break
    else:
        del a[1:2, ::3], b.c
while True:
    try:
        raise E from e
    except (A, B) as e:
        pass
    except:
        pass
    else:
        x += 1
    finally:
        y //= 2
with (open(a) as f, open(b) as g):
    pass
print(*a, **k, sep='')
l = [x for x in y if x for z in w]
d = {k: v for k, v in items()}
s = {1, 2}
g = (x for x in y)
f(x for x in y)
lam = lambda x, *y, z=1, **w: x + z
assert x, "msg"
y = f"a{b!r:>{w}}c{d=}" "e"
z = 0xFF + 0o17 + 0b101 + 1_000 + 123456789012345678901234567890 + 1e10 + .5 + 1.
if (n := 10) > 5: pass
print(a[1], a[1:2], a[:, 1], a[...])
nonlocal_ = 1
match = 3
x = yield
