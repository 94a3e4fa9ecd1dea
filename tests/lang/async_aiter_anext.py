# the builtins aiter() and anext() (with a default: anext_awaitable), and their errors
import asyncio
async def agen():
    yield 1
    yield 2
async def main():
    g = agen()
    print(aiter(g) is g, await anext(g), await anext(g, "d"), await anext(g, "default"))
    try:
        await anext(g)
    except StopAsyncIteration:
        print("StopAsyncIteration")
    for bad in (lambda: aiter(1), lambda: anext(1), lambda: anext([])):
        try:
            bad()
        except TypeError as e:
            print("TypeError:", e)
    class It:
        def __aiter__(self): return self
        async def __anext__(self):
            await asyncio.sleep(0)
            raise StopAsyncIteration
    print(await anext(It(), None))
    try:
        await anext(It())
    except StopAsyncIteration:
        print("class StopAsyncIteration")
    aw = anext(agen(), 0)
    print(type(aw).__name__)
    print(await aw)
asyncio.run(main())
