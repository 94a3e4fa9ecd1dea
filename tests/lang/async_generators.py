# async generators (PEP 525): async for, asend/athrow/aclose, StopAsyncIteration, the
# errors CPython reports, @asynccontextmanager over one, and asyncio.run closing a
# generator left suspended (shutdown_asyncgens)
import asyncio
import contextlib


async def agen(n):
    try:
        for i in range(n):
            await asyncio.sleep(0)
            x = yield i
            if x is not None:
                print("got sent", x)
    finally:
        print("agen finally")


async def main():
    g = agen(3)
    print(type(g).__name__, repr(g).startswith("<async_generator object agen at"))
    print(g.__aiter__() is g, g.ag_running, g.__name__, g.__qualname__)
    async for v in g:
        print("v", v)
    g = agen(5)
    print(await g.__anext__(), await g.asend("hello"))
    await g.aclose()
    try:
        await g.__anext__()
    except StopAsyncIteration:
        print("exhausted after aclose")
    await g.aclose()  # a second aclose does nothing
    g = agen(5)
    print(await g.__anext__())
    try:
        await g.athrow(ValueError("boom"))
    except ValueError as e:
        print("athrow raised", e)
    print("athrow on a finished generator returns", await g.athrow(ValueError))
    # athrow / aclose / __anext__ after each way of ending
    async def one():
        yield 1

    for how in ("exhausted", "closed", "fresh-closed"):
        g = one()
        if how == "exhausted":
            async for _ in g:
                pass
        elif how == "closed":
            await g.__anext__()
            await g.aclose()
        else:
            await g.aclose()
        for what in ("athrow", "aclose", "anext"):
            try:
                r = await (g.athrow(KeyError) if what == "athrow" else
                           g.aclose() if what == "aclose" else g.__anext__())
                print(how, what, "returned", r)
            except BaseException as e:
                print(how, what, "raised", type(e).__name__)
    g = one()
    try:
        await g.athrow(KeyError("fresh"))
    except KeyError as e:
        print("athrow into a fresh generator raises", e)
    print([x async for x in g])

    async def ignorer():
        try:
            yield 1
        except GeneratorExit:
            yield 2

    g = ignorer()
    await g.__anext__()
    try:
        await g.aclose()
    except RuntimeError as e:
        print("RuntimeError:", e)

    async def catcher():
        try:
            yield 1
        except KeyError:
            yield "caught"

    g = catcher()
    await g.__anext__()
    print(await g.athrow(KeyError))

    async def bad():
        yield 1
        raise StopAsyncIteration

    try:
        async for v in bad():
            print(v)
    except RuntimeError as e:
        print("RuntimeError:", e, type(e.__cause__).__name__)

    async def bad2():
        yield 1
        raise StopIteration

    try:
        async for v in bad2():
            pass
    except RuntimeError as e:
        print("RuntimeError:", e)

    a = agen(2).__anext__()
    await a
    try:
        await a
    except RuntimeError as e:
        print("RuntimeError:", e)

    # two __anext__ awaited at once
    async def slow():
        await asyncio.sleep(0.01)
        yield "slow"

    g = slow()
    t1 = asyncio.ensure_future(g.__anext__())
    await asyncio.sleep(0)
    try:
        await g.__anext__()
    except RuntimeError as e:
        print("RuntimeError:", e)
    print(await t1)

    # an exception inside the body, and break out of async for
    async def failing():
        yield 1
        raise KeyError("inside")

    try:
        async for v in failing():
            print("before failure", v)
    except KeyError as e:
        print("KeyError", e)

    async def counter():
        i = 0
        while True:
            yield i
            i += 1

    out = []
    async for v in counter():
        if v == 3:
            break
        out.append(v)
    print(out)

    # async generator methods and a class with __aiter__/__anext__
    class Ticker:
        def __init__(self, n):
            self.n = n

        def __aiter__(self):
            return self

        async def __anext__(self):
            if self.n == 0:
                raise StopAsyncIteration
            self.n -= 1
            await asyncio.sleep(0)
            return self.n

    print([v async for v in Ticker(3)])

    class Holder:
        async def items(self):
            for c in "ab":
                yield c

    async for c in Holder().items():
        print("item", c)

    @contextlib.asynccontextmanager
    async def resource(name):
        print("open", name)
        try:
            yield name.upper()
        finally:
            print("close", name)

    async with resource("db") as r:
        print("using", r)
    try:
        async with resource("file") as r:
            raise ValueError("inside with")
    except ValueError as e:
        print("ValueError:", e)

    # left suspended: asyncio.run's shutdown closes it (its finally runs then)
    g = agen(10)
    print(await g.__anext__())
    print("main returns")


asyncio.run(main())
print("after run")
