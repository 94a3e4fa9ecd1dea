# asyncio.Lock, Semaphore, BoundedSemaphore, Condition: FIFO wake-up, async with, cancellation
import asyncio


async def locked_worker(lock, name, log):
    async with lock:
        log.append(name + " in")
        await asyncio.sleep(0.01)
        log.append(name + " out")


async def sem_worker(sem, name, log, active):
    async with sem:
        active[0] += 1
        active[1] = max(active[1], active[0])
        log.append(name)
        await asyncio.sleep(0.01)
        active[0] -= 1


async def main():
    lock = asyncio.Lock()
    print(lock.locked(), "[unlocked]" in repr(lock))
    log = []
    await asyncio.gather(*(locked_worker(lock, n, log) for n in "abc"))
    print(log)
    print(await lock.acquire(), lock.locked(), "[locked]" in repr(lock))
    lock.release()
    try:
        lock.release()
    except RuntimeError as e:
        print("RuntimeError:", e)

    # a cancelled waiter does not take the lock
    await lock.acquire()
    t1 = asyncio.create_task(lock.acquire())
    t2 = asyncio.create_task(lock.acquire())
    await asyncio.sleep(0)
    print("waiters:1" in repr(lock) or "waiters:2" in repr(lock))
    t1.cancel()
    lock.release()
    print(await t2, t1.cancelled(), lock.locked())
    lock.release()

    sem = asyncio.Semaphore(2)
    log, active = [], [0, 0]
    await asyncio.gather(*(sem_worker(sem, n, log, active) for n in "abcde"))
    print(log, "at most", active[1], "inside")
    print(sem.locked(), "unlocked, value:2" in repr(sem))
    try:
        asyncio.Semaphore(-1)
    except ValueError as e:
        print("ValueError:", e)
    s0 = asyncio.Semaphore(0)
    print(s0.locked())
    try:
        await asyncio.wait_for(s0.acquire(), 0.01)
    except asyncio.TimeoutError:
        print("acquire timed out", s0._value)
    s0.release()
    print(await s0.acquire(), s0._value)

    b = asyncio.BoundedSemaphore(1)
    await b.acquire()
    b.release()
    try:
        b.release()
    except ValueError as e:
        print("ValueError:", e)
    print(isinstance(b, asyncio.Semaphore))

    cond = asyncio.Condition()
    items = []

    async def consumer(name):
        async with cond:
            await cond.wait_for(lambda: items)
            print(name, "got", items.pop(0))

    cs = [asyncio.create_task(consumer("c%d" % i)) for i in range(3)]
    await asyncio.sleep(0)
    for i in range(3):
        async with cond:
            items.append(i)
            cond.notify()
        await asyncio.sleep(0)
    await asyncio.gather(*cs)

    waiters = []

    async def waiter(name):
        async with cond:
            r = await cond.wait()
            waiters.append((name, r))

    ws = [asyncio.create_task(waiter(n)) for n in "xyz"]
    await asyncio.sleep(0)
    async with cond:
        cond.notify_all()
    await asyncio.gather(*ws)
    print(waiters)
    try:
        await cond.wait()
    except RuntimeError as e:
        print("RuntimeError:", e)
    try:
        cond.notify()
    except RuntimeError as e:
        print("RuntimeError:", e)
    shared = asyncio.Lock()
    c2 = asyncio.Condition(shared)
    async with c2:
        print(shared.locked(), c2.locked())
    print(shared.locked())


asyncio.run(main())
