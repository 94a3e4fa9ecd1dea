# Task.cancel: CancelledError inside the task, cleanup, messages, callbacks, done tasks
import asyncio


async def worker(log, d=1.0):
    try:
        log.append("working")
        await asyncio.sleep(d)
        log.append("finished")
        return "result"
    except asyncio.CancelledError:
        log.append("cancelled inside")
        raise
    finally:
        log.append("cleanup")


async def stubborn():
    try:
        await asyncio.sleep(1)
    except asyncio.CancelledError:
        return "ignored the cancel"


async def main():
    print(issubclass(asyncio.CancelledError, BaseException),
          issubclass(asyncio.CancelledError, Exception))
    log = []
    t = asyncio.create_task(worker(log))
    await asyncio.sleep(0.01)
    print(t.done(), t.cancelled(), t.cancel(), t.done())
    try:
        await t
    except asyncio.CancelledError as e:
        print("awaiting raised", type(e).__name__, repr(str(e)))
    print(log, t.done(), t.cancelled(), t.cancel())
    try:
        t.result()
    except asyncio.CancelledError:
        print("result() raises CancelledError")
    try:
        t.exception()
    except asyncio.CancelledError:
        print("exception() raises CancelledError")
    # cancelled before it ever ran
    log = []
    t = asyncio.create_task(worker(log))
    t.cancel()
    try:
        await t
    except asyncio.CancelledError:
        print("never started", log, t.cancelled())
    # with a message
    t = asyncio.create_task(worker([]))
    await asyncio.sleep(0)
    t.cancel("stop now")
    try:
        await t
    except asyncio.CancelledError as e:
        print("message", e.args)
    # a task that swallows the cancel finishes normally
    t = asyncio.create_task(stubborn())
    await asyncio.sleep(0)
    t.cancel()
    print(await t, t.cancelled())
    # cancel a finished task
    t = asyncio.create_task(worker([], 0))
    await t
    print("cancel done", t.cancel(), t.result())
    # done callbacks run in order, after completion, with the task
    order = []
    t = asyncio.create_task(worker([], 0.01))
    t.add_done_callback(lambda f: order.append(("cb1", f.result())))
    t.add_done_callback(lambda f: order.append(("cb2", f is t)))
    await t
    print("callbacks right after await", order)
    await asyncio.sleep(0)
    print("callbacks", order)
    t.add_done_callback(lambda f: order.append("late"))
    await asyncio.sleep(0)
    print(order[-1])
    # cancellation reaches the awaited task through an awaiting one
    inner_log = []
    inner = asyncio.create_task(worker(inner_log))

    async def outer():
        return await inner

    o = asyncio.create_task(outer())
    await asyncio.sleep(0.01)
    o.cancel()
    try:
        await o
    except asyncio.CancelledError:
        print("outer cancelled", inner.cancelled(), inner_log)
    # cancelling the main's own await of a sleep
    pending = asyncio.Event()
    t = asyncio.create_task(pending.wait())
    await asyncio.sleep(0)
    t.cancel()
    await asyncio.sleep(0)
    print("event waiter cancelled", t.cancelled())
    # tasks still pending when main returns are cancelled by asyncio.run
    asyncio.create_task(worker(shutdown_log, 5))
    await asyncio.sleep(0)
    return "main returns"


shutdown_log = []
print(asyncio.run(main()))
print("after run", shutdown_log)
