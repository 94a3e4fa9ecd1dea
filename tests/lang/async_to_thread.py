# asyncio.to_thread / loop.run_in_executor: blocking calls overlapped with the loop's work
# krait-test: no-gc-stress (timer ordering with millisecond margins; collecting at every allocation slows each step past them)
import asyncio
import os
import pathlib
import time

TMP = pathlib.Path(os.environ.get("TMPDIR", "/tmp")) / ("krait_async_%d.tmp" % os.getpid())


async def ticker(log, n):
    for i in range(n):
        log.append("tick")
        await asyncio.sleep(0.01)


async def main():
    loop = asyncio.get_running_loop()
    log = []
    t0 = time.perf_counter()
    r = await asyncio.gather(asyncio.to_thread(time.sleep, 0.3), ticker(log, 5),
                             loop.run_in_executor(None, time.sleep, 0.3))
    dt = time.perf_counter() - t0
    # one after the other they take at least 0.6 s, whatever the load: overlapped, 0.3 s
    # plus however late a loaded machine wakes the loop
    print(r, len(log), "overlapped:", dt < 0.6)
    p = TMP
    try:
        print(await asyncio.to_thread(p.write_text, "line one\r\nline two\n"))
        print(repr(await asyncio.to_thread(p.read_text)))
        print(await asyncio.to_thread(p.read_bytes))
        print(await asyncio.to_thread(p.write_bytes, bytes(range(5)) * 3))
        print(await asyncio.to_thread(p.read_bytes))
        big = os.urandom(1 << 20)
        await asyncio.to_thread(p.write_bytes, big)
        print("1 MiB round trip:", (await asyncio.to_thread(p.read_bytes)) == big)
        await asyncio.to_thread(p.write_bytes, "caf\u00e9".encode("latin-1"))
        print(repr(await asyncio.to_thread(p.read_text, encoding="latin-1")))
    finally:
        p.unlink()
    try:
        await asyncio.to_thread(p.read_bytes)
    except FileNotFoundError as e:
        print("FileNotFoundError", e.errno, e.filename == str(p))
    try:
        await asyncio.to_thread(time.sleep, -1)
    except ValueError as e:
        print("ValueError:", e)
    # any other callable: its result, its exception, args and kwargs
    print(await asyncio.to_thread(sorted, [3, 1, 2], reverse=True))
    print(await loop.run_in_executor(None, divmod, 17, 5))
    try:
        await asyncio.to_thread(int, "x")
    except ValueError as e:
        print("ValueError:", e)
    # a pool job cancelled while it runs: the loop goes on
    t = asyncio.ensure_future(asyncio.to_thread(time.sleep, 0.05))
    await asyncio.sleep(0)
    t.cancel()
    try:
        await t
    except asyncio.CancelledError:
        print("cancelled")
    await asyncio.sleep(0.08)
    print("done")


asyncio.run(main())
