# asyncio.wait (return_when, timeout), as_completed (order, timeout), shield
# krait-test: no-gc-stress (timer ordering with millisecond margins; collecting at every allocation slows each step past them)
import asyncio


async def job(name, d, fail=False):
    await asyncio.sleep(d)
    if fail:
        raise ValueError("job %s failed" % name)
    return name


async def gated(name, gate):
    await gate.wait()
    return name


def names(tasks):
    return sorted(t.get_name() for t in tasks)


async def main():
    # the order is made by events, not by timers racing on a loaded machine
    gate = asyncio.Event()
    ts = [asyncio.create_task(gated("a", gate), name="a"),
          asyncio.create_task(job("b", 0.01), name="b"),
          asyncio.create_task(gated("c", gate), name="c")]
    done, pending = await asyncio.wait(ts, return_when=asyncio.FIRST_COMPLETED)
    print("first completed:", names(done), names(pending))
    gate.set()
    done, pending = await asyncio.wait(ts)
    print("all completed:", names(done), names(pending), sorted(t.result() for t in done))

    never = asyncio.Event()
    ts = [asyncio.create_task(job("x", 0.01, True), name="x"),
          asyncio.create_task(gated("y", never), name="y")]
    done, pending = await asyncio.wait(ts, return_when=asyncio.FIRST_EXCEPTION)
    print("first exception:", names(done), names(pending), repr(ts[0].exception()))
    done, pending = await asyncio.wait(ts, timeout=0.01)
    print("timeout:", names(done), names(pending))
    ts[1].cancel()
    done, pending = await asyncio.wait(ts)
    print("after cancel:", names(done), names(pending), ts[1].cancelled())

    ts = [asyncio.create_task(job("p", 0.02, True)), asyncio.create_task(job("q", 0.01))]
    done, pending = await asyncio.wait(ts, return_when=asyncio.FIRST_EXCEPTION)
    print("first exception waits for the failure:", len(done), len(pending),
          ts[0].exception())

    for bad in ([], set()):
        try:
            await asyncio.wait(bad)
        except ValueError as e:
            print("ValueError:", e)
    c = job("z", 0)
    try:
        await asyncio.wait([c])
    except TypeError as e:
        print("TypeError:", e)
    try:
        await asyncio.wait(c)
    except TypeError as e:
        print("TypeError:", e)
    c.close()
    s = asyncio.sleep(0)
    try:
        await asyncio.wait([s], return_when="SOMETIMES")
    except ValueError as e:
        print("ValueError:", e)
    s.close()
    fut = asyncio.get_running_loop().create_future()
    try:
        await asyncio.wait(fut)
    except TypeError as e:
        print("TypeError:", e)

    order = []
    for f in asyncio.as_completed([job("slow", 0.05), job("fast", 0.01), job("mid", 0.03)]):
        order.append(await f)
    print("as_completed:", order)
    got = []
    try:
        for f in asyncio.as_completed([job("quick", 0.01), gated("late", never)], timeout=0.3):
            got.append(await f)
    except asyncio.TimeoutError:
        print("as_completed timed out after", got)
    try:
        for f in asyncio.as_completed([job("bad", 0.01, True)]):
            await f
    except ValueError as e:
        print("as_completed raised", e)
    print(list(asyncio.as_completed([])))

    # shield: the outer await is cancelled, the inner task goes on
    gate2 = asyncio.Event()
    inner = asyncio.create_task(gated("shielded", gate2))
    outer = asyncio.create_task(asyncio.wait_for(asyncio.shield(inner), 0.01))
    try:
        await outer
    except asyncio.TimeoutError:
        print("wait_for timed out; inner cancelled?", inner.cancelled())
    gate2.set()
    print("inner result:", await inner)
    done = asyncio.create_task(job("d", 0))
    await done
    print(asyncio.shield(done) is done)
    sh = asyncio.shield(job("e", 0.01))
    print(await sh)
    inner = asyncio.create_task(job("boom", 0.01, True))
    try:
        await asyncio.shield(inner)
    except ValueError as e:
        print("shield passes the exception:", e)
    inner = asyncio.create_task(job("c2", 1))
    sh = asyncio.shield(inner)
    inner.cancel()
    try:
        await sh
    except asyncio.CancelledError:
        print("inner cancelled -> shield cancelled:", sh.cancelled())


asyncio.run(main())
