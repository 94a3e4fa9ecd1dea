# asyncio.gather: results in argument order, return_exceptions, failures, cancellation
import asyncio


async def val(x, d=0.0):
    await asyncio.sleep(d)
    return x


async def fail(exc, d=0.0):
    await asyncio.sleep(d)
    raise exc


async def main():
    print(await asyncio.gather(val(1, 0.03), val(2, 0.01), val(3, 0.02)))
    print(await asyncio.gather())
    print(await asyncio.gather(val("only")))
    r = await asyncio.gather(val(1), fail(ValueError("bad")), val(3),
                             fail(KeyError("k"), 0.01), return_exceptions=True)
    print([type(x).__name__ for x in r], r[0], r[2], repr(r[1]))
    try:
        await asyncio.gather(val(1, 0.02), fail(ZeroDivisionError("zero"), 0.01))
    except ZeroDivisionError as e:
        print("first exception propagates:", e)
    # the other children keep running after a failure
    done = []

    async def record(x, d):
        await asyncio.sleep(d)
        done.append(x)

    try:
        await asyncio.gather(fail(RuntimeError("boom")), record("still ran", 0.01))
    except RuntimeError as e:
        print("caught", e)
    await asyncio.sleep(0.03)
    print(done)
    # nested gathers, tasks and futures mixed
    t = asyncio.create_task(val("task", 0.01))
    fut = asyncio.get_running_loop().create_future()
    asyncio.get_running_loop().call_later(0.005, fut.set_result, "future")
    print(await asyncio.gather(asyncio.gather(val(1), val(2)), t, fut, val(None)))
    # the same awaitable twice is run once
    t2 = asyncio.create_task(val("twice", 0.001))
    print(await asyncio.gather(t2, t2))
    # cancelling the gather cancels its children
    g = asyncio.gather(val(1, 1), val(2, 1))
    await asyncio.sleep(0.01)
    print("cancel gather", g.cancel())
    try:
        await g
    except asyncio.CancelledError:
        print("gather cancelled", g.cancelled())
    # a cancelled child with return_exceptions
    c = asyncio.create_task(val("c", 1))
    g2 = asyncio.gather(c, val("ok", 0.01), return_exceptions=True)
    await asyncio.sleep(0)
    c.cancel()
    r = await g2
    print([type(x).__name__ for x in r], r[1])
    # a cancelled child without return_exceptions
    c = asyncio.create_task(val("c", 1))
    g3 = asyncio.gather(c, val("ok", 0.01))
    await asyncio.sleep(0)
    c.cancel()
    try:
        await g3
    except asyncio.CancelledError:
        print("gather raised CancelledError", g3.cancelled())
    try:
        asyncio.gather(1, 2)
    except TypeError as e:
        print("TypeError", e)
    print(sum(await asyncio.gather(*[val(i, (i % 5) * 0.001) for i in range(200)])))


asyncio.run(main())
