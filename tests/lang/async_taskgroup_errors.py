# asyncio.TaskGroup when children fail: the others are cancelled, an ExceptionGroup
# (except* catches it); an error in the body too
import asyncio
async def child(n, d, fail=False):
    try:
        await asyncio.sleep(d)
        if fail:
            raise ValueError("child %d failed" % n)
        return n
    except asyncio.CancelledError:
        print("child", n, "cancelled")
        raise
async def main():
    try:
        async with asyncio.TaskGroup() as tg:
            tg.create_task(child(1, 0.01, True))
            tg.create_task(child(2, 1))
    except* ValueError as eg:
        print("caught", [str(e) for e in eg.exceptions])
    try:
        async with asyncio.TaskGroup() as tg:
            tg.create_task(child(3, 0.01, True))
            raise KeyError("body")
    except BaseExceptionGroup as eg:
        print(type(eg).__name__, eg.message, sorted(type(e).__name__ for e in eg.exceptions))
asyncio.run(main())
