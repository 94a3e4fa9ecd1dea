# asyncio: a task whose exception nobody retrieves is reported on stderr (as CPython does
# when the task is collected; krait reports when the loop closes); a retrieved one is not
import asyncio


async def boom(msg):
    await asyncio.sleep(0)
    raise ValueError(msg)


async def main():
    lost = asyncio.create_task(boom("lost"))
    seen = asyncio.create_task(boom("seen"))
    late = asyncio.create_task(boom("read late"))
    try:
        await seen
    except ValueError as e:
        print("caught", e)
    await asyncio.sleep(0.01)
    print("late:", late.exception())
    print(lost.done())
    del lost


asyncio.run(main())
print("after run")
