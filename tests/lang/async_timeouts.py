# asyncio.timeout / timeout_at (3.11), TaskGroup without failures, Future callbacks and await
import asyncio


async def main():
    loop = asyncio.get_running_loop()
    try:
        async with asyncio.timeout(0.01) as cm:
            print(repr(cm).startswith("<Timeout [active] when="))
            await asyncio.sleep(1)
    except TimeoutError as e:
        print("timed out:", type(e).__name__, type(e.__context__).__name__, cm.expired())
    print(repr(cm))
    async with asyncio.timeout(1) as cm:
        await asyncio.sleep(0.01)
    print("in time:", cm.expired(), repr(cm))
    try:
        async with asyncio.timeout(None) as cm:
            print(cm.when())
            cm.reschedule(loop.time() + 0.01)
            try:
                await asyncio.sleep(1)
            except asyncio.CancelledError:
                print("the body sees CancelledError")
                raise
    except TimeoutError:
        print("rescheduled timeout fired")
    try:
        cm.reschedule(None)
    except RuntimeError as e:
        print("RuntimeError:", e)
    try:
        async with asyncio.timeout_at(loop.time() - 1):
            await asyncio.sleep(0.5)
    except TimeoutError:
        print("a deadline in the past fires at once")
    # nested: the inner one fires first and only it raises
    try:
        async with asyncio.timeout(1):
            try:
                async with asyncio.timeout(0.01):
                    await asyncio.sleep(1)
            except TimeoutError:
                print("inner timeout")
            await asyncio.sleep(0.01)
            print("outer body goes on")
    except TimeoutError:
        print("outer should not fire")
    # an exception inside passes through
    try:
        async with asyncio.timeout(1):
            raise KeyError("k")
    except KeyError as e:
        print("KeyError passes:", e)

    # TaskGroup, all children succeed
    async def child(n, d):
        await asyncio.sleep(d)
        return n * 10

    async with asyncio.TaskGroup() as tg:
        t1 = tg.create_task(child(1, 0.02))
        t2 = tg.create_task(child(2, 0.01), name="second")
        print(repr(tg))
    print(t1.result(), t2.result(), t2.get_name(), repr(tg))
    c = child(3, 0)
    try:
        tg.create_task(c)
    except RuntimeError as e:
        print("RuntimeError:", e)
    c.close()
    # cancelling the parent cancels the group's children
    async def parent(log):
        async with asyncio.TaskGroup() as tg:
            tg.create_task(asyncio.sleep(1))
            log.append("entered")
    log = []
    p = asyncio.create_task(parent(log))
    await asyncio.sleep(0.01)
    p.cancel()
    try:
        await p
    except asyncio.CancelledError:
        print("parent cancelled:", log)

    # Future: callbacks in order, result/exception, await
    fut = loop.create_future()
    seen = []
    fut.add_done_callback(lambda f: seen.append(("one", f.result())))
    fut.add_done_callback(lambda f: seen.append(("two", f.result())))
    loop.call_later(0.01, fut.set_result, 42)
    print(await fut, seen)
    await asyncio.sleep(0)
    print(seen)
    fut = loop.create_future()
    loop.call_soon(fut.set_exception, ValueError("bad"))
    try:
        await fut
    except ValueError as e:
        print("awaited exception:", e)
    fut = loop.create_future()
    loop.call_soon(fut.cancel, "stop")
    try:
        await fut
    except asyncio.CancelledError as e:
        print("awaited cancel:", e.args)
    print(asyncio.isfuture(fut), asyncio.isfuture(asyncio.Future), asyncio.isfuture(1))
    h = loop.call_later(0.01, print, "never")
    h.cancel()
    print(h.cancelled())
    await asyncio.sleep(0.02)
    loop.call_soon(print, "call_soon with", "args")
    await asyncio.sleep(0)


asyncio.run(main())
