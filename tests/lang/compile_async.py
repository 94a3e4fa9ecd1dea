# Compiler: await, async for (END_ASYNC_FOR) and async with, driven by hand with send().
class Aw:
    def __await__(self):
        v = yield "susp"
        return v * 2
async def inner(x):
    r = await Aw()
    return r + x
async def outer():
    a = await inner(1)
    return a
c = outer()
print(c.send(None))
try:
    c.send(20)
except StopIteration as e:
    print("result", e.value)
class AIter:
    def __init__(self): self.i = 0
    def __aiter__(self): return self
    async def __anext__(self):
        self.i += 1
        if self.i > 3:
            raise StopAsyncIteration
        return self.i
class ACM:
    async def __aenter__(self):
        print("aenter"); return "cm"
    async def __aexit__(self, *a):
        print("aexit", a[0].__name__ if a[0] else None); return False
async def use():
    out = []
    async for v in AIter():
        out.append(v)
    else:
        out.append("else")
    async with ACM() as m:
        out.append(m)
    try:
        async with ACM():
            raise KeyError("k")
    except KeyError:
        out.append("caught")
    return out
c = use()
try:
    c.send(None)
except StopIteration as e:
    print(e.value)
