# asynchronous comprehensions: async for and await in list/set/dict comprehensions and
# generator expressions (an async generator), nested levels, and where they are refused
import asyncio

async def agen(n):
    for i in range(n):
        await asyncio.sleep(0)
        yield i

async def double(x):
    await asyncio.sleep(0)
    return 2 * x

async def main():
    print([x async for x in agen(4)])
    print({x: x * x async for x in agen(3)})
    print({x % 2 async for x in agen(5)})
    print([await double(x) for x in range(4)])
    print([x async for x in agen(6) if x % 2 if x > 1])
    print([(x, y) async for x in agen(3) for y in range(x)])
    print([(x, y) for x in range(3) async for y in agen(x)])
    print([[y async for y in agen(x)] async for x in agen(3)])
    g = (x * 10 async for x in agen(3))
    print(type(g).__name__, [v async for v in g])
    print([await double(y) async for y in agen(3)])
    print(sum([await double(z) for z in [1, 2, 3]]))

asyncio.run(main())
for src in ("def f():\n    return [x async for x in y]\n", "def f():\n    return [await x for x in y]\n",
            "[x async for x in y]\n", "def f():\n    return (x async for x in y)\n"):
    try:
        exec(src, {})
        print("compiles")
    except SyntaxError as e:
        print("SyntaxError:", e.msg)
