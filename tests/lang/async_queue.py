# asyncio.Queue and asyncio.Event: producers and consumers, bounded queues, waiters
import asyncio


async def producer(q, name, n):
    for i in range(n):
        await q.put((name, i))
        print("put", name, i, "size", q.qsize())
    await q.put(None)


async def consumer(q, name, stops):
    got = []
    while True:
        item = await q.get()
        q.task_done()
        if item is None:
            stops.append(name)
            break
        got.append(item)
    return got


async def main():
    q = asyncio.Queue()
    print(q.empty(), q.qsize(), q.full(), q.maxsize)
    try:
        q.get_nowait()
    except asyncio.QueueEmpty:
        print("QueueEmpty", issubclass(asyncio.QueueEmpty, Exception))
    q.put_nowait(1)
    q.put_nowait("two")
    print(q.qsize(), q.empty(), q.get_nowait(), q.get_nowait(), q.empty())
    # bounded: put waits for room
    q = asyncio.Queue(maxsize=2)
    stops = []
    c = asyncio.create_task(consumer(q, "c", stops))
    await producer(q, "p", 5)
    print("consumer got", await c, stops)
    q = asyncio.Queue(1)
    q.put_nowait("x")
    print(q.full())
    try:
        q.put_nowait("y")
    except asyncio.QueueFull:
        print("QueueFull")
    # several consumers wake in the order they waited
    q = asyncio.Queue()
    stops = []
    cs = [asyncio.create_task(consumer(q, "c%d" % i, stops)) for i in range(3)]
    await asyncio.sleep(0)
    for i in range(6):
        q.put_nowait(i)
    for _ in cs:
        q.put_nowait(None)
    print(await asyncio.gather(*cs), stops)
    # join waits for task_done of every item
    q = asyncio.Queue()
    done = []

    async def slow_worker():
        while True:
            item = await q.get()
            await asyncio.sleep(0.001)
            done.append(item)
            q.task_done()

    w = asyncio.create_task(slow_worker())
    for i in range(4):
        q.put_nowait(i)
    await q.join()
    print("joined", done)
    w.cancel()
    try:
        q.task_done()
    except ValueError as e:
        print("ValueError", e)
    # a cancelled getter leaves the queue usable
    q = asyncio.Queue()
    g = asyncio.create_task(q.get())
    await asyncio.sleep(0)
    g.cancel()
    await asyncio.sleep(0)
    q.put_nowait("after cancel")
    print(g.cancelled(), await q.get())
    # get with a timeout
    try:
        await asyncio.wait_for(q.get(), 0.01)
    except asyncio.TimeoutError:
        print("get timed out", q.empty())

    # Event
    ev = asyncio.Event()
    print(ev.is_set())
    order = []

    async def waiter(name):
        order.append("wait " + name)
        r = await ev.wait()
        order.append("woke " + name)
        return r

    ws = [asyncio.create_task(waiter(n)) for n in "abc"]
    await asyncio.sleep(0.01)
    print(order, [w.done() for w in ws])
    ev.set()
    print(ev.is_set(), [w.done() for w in ws])
    print(await asyncio.gather(*ws), order)
    print(await ev.wait())
    ev.clear()
    print(ev.is_set())
    try:
        await asyncio.wait_for(ev.wait(), 0.01)
    except TimeoutError:
        print("event wait timed out")
    asyncio.get_running_loop().call_later(0.005, ev.set)
    print("set by a timer", await ev.wait())


asyncio.run(main())
