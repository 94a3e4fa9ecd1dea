# asyncio.wait_for: results within the time, TimeoutError after it, the inner task cancelled
# krait-test: no-gc-stress (timer ordering with millisecond margins; collecting at every allocation slows each step past them)
import asyncio


async def slow(log, d, x="done"):
    try:
        await asyncio.sleep(d)
        return x
    except asyncio.CancelledError:
        log.append("inner cancelled")
        raise


async def failing():
    await asyncio.sleep(0.001)
    raise ValueError("inner failure")


async def main():
    log = []
    print(await asyncio.wait_for(slow(log, 0.01), 1))
    print(await asyncio.wait_for(slow(log, 0.001, "no limit"), None))
    try:
        await asyncio.wait_for(slow(log, 1), 0.02)
    except asyncio.TimeoutError as e:
        print("timed out", type(e).__name__, e.args, type(e.__cause__).__name__)
    print(log, asyncio.TimeoutError is TimeoutError)
    try:
        await asyncio.wait_for(slow(log, 1), 0)
    except TimeoutError:
        print("zero timeout", log)
    try:
        await asyncio.wait_for(slow(log, 1), -1)
    except TimeoutError:
        print("negative timeout")
    t = asyncio.create_task(slow(log, 0.001, "already"))
    await asyncio.sleep(0.01)
    print(await asyncio.wait_for(t, 0))
    try:
        await asyncio.wait_for(failing(), 1)
    except ValueError as e:
        print("inner exception", e)
    t = asyncio.create_task(slow(log, 1))
    try:
        await asyncio.wait_for(t, 0.01)
    except TimeoutError:
        print("task cancelled by timeout", t.cancelled())
    # wait_for itself cancelled: the inner task is cancelled too
    log.clear()
    w = asyncio.create_task(asyncio.wait_for(slow(log, 1), 5))
    await asyncio.sleep(0.01)
    w.cancel()
    try:
        await w
    except asyncio.CancelledError:
        print("wait_for cancelled", log)
    # many timeouts at once
    res = await asyncio.gather(*[asyncio.wait_for(slow([], d), 0.1)
                                 for d in (0, 0.01, 0.3, 0.02, 0.4)], return_exceptions=True)
    print([r if isinstance(r, str) else type(r).__name__ for r in res])


asyncio.run(main())
