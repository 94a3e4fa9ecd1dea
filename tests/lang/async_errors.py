# asyncio errors: exceptions in tasks, result()/exception(), misuse of the API
import asyncio


async def boom(msg):
    await asyncio.sleep(0)
    raise ValueError(msg)


async def nested():
    try:
        await boom("inner")
    except ValueError as e:
        raise RuntimeError("outer") from e


async def main():
    t = asyncio.create_task(boom("in task"))
    try:
        await t
    except ValueError as e:
        print("awaited:", e)
    print(t.done(), t.cancelled(), repr(t.exception()))
    try:
        t.result()
    except ValueError as e:
        print("result() re-raises:", e)
    try:
        await nested()
    except RuntimeError as e:
        print(e, "from", repr(e.__cause__))
    t = asyncio.create_task(boom("later"))
    await asyncio.sleep(0.01)
    print("finished unawaited", t.done(), type(t.exception()).__name__)
    fut = asyncio.get_running_loop().create_future()
    for call in (fut.result, fut.exception):
        try:
            call()
        except asyncio.InvalidStateError as e:
            print("InvalidStateError", e)
    fut.set_result(3)
    try:
        fut.set_result(4)
    except asyncio.InvalidStateError:
        print("set twice: InvalidStateError")
    print(fut.result(), fut.done())
    f2 = asyncio.get_running_loop().create_future()
    f2.set_exception(KeyError("k"))
    try:
        await f2
    except KeyError as e:
        print("future exception", e)
    c = boom("x")
    try:
        asyncio.run(c)
    except RuntimeError as e:
        print(e)
    c.close()
    try:
        await asyncio.create_task(42)
    except TypeError as e:
        print("TypeError:", e)
    try:
        await asyncio.sleep("1")
    except TypeError:
        print("sleep needs a number")
    # an exception in a done callback does not stop the loop
    ran = []
    f3 = asyncio.get_running_loop().create_future()
    f3.add_done_callback(lambda f: ran.append(f.result()))
    f3.set_result("cb")
    await asyncio.sleep(0)
    print(ran)
    return "done"


try:
    asyncio.get_running_loop()
except RuntimeError as e:
    print("outside a loop:", e)
try:
    asyncio.run(42)
except ValueError as e:
    print("ValueError:", e)
print(asyncio.run(main()))
try:
    asyncio.run(boom("from run"))
except ValueError as e:
    print("run re-raises:", e)
c = boom("never")
c.close()
