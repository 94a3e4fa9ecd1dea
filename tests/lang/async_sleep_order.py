# asyncio: the order in which sleeping tasks wake, sleep(0) interleaving, sleep's result
# krait-test: no-gc-stress (timer ordering with millisecond margins; collecting at every allocation slows each step past them)
import asyncio

log = []


async def sleeper(name, delay):
    log.append("start " + name)
    await asyncio.sleep(delay)
    log.append("end " + name)
    return name.upper()


async def ticker(name, n):
    for i in range(n):
        print(name, i)
        await asyncio.sleep(0)


async def main():
    loop = asyncio.get_running_loop()
    t0 = loop.time()
    tasks = [asyncio.create_task(sleeper(n, d)) for n, d in
             [("slow", 0.06), ("fast", 0.01), ("mid", 0.03), ("zero", 0)]]
    print("created", [t.done() for t in tasks])
    for t in tasks:
        print(await t)
    print(log)
    print("elapsed ok", 0.05 <= loop.time() - t0 < 1.0)
    await asyncio.gather(ticker("a", 3), ticker("b", 2), ticker("c", 4))
    print(await asyncio.sleep(0.001, result="value"))
    print(await asyncio.sleep(0, "zero"))
    print(await asyncio.sleep(-1, result=5))
    # a plain coroutine runs inline, a task only when the caller yields
    t = asyncio.create_task(sleeper("late", 0))
    print("before yield", t.done())
    await asyncio.sleep(0)
    print("after one yield", t.done(), log[-1])
    await t
    print("names", t.get_name().startswith("Task-"), asyncio.current_task().get_name())
    return "main done"


print(asyncio.run(main()))
print(asyncio.run(sleeper("again", 0.001)))
