# @types.coroutine: generator functions whose generators can be awaited
import types


@types.coroutine
def step(v):
    got = yield ('step', v)
    return got * 2


async def main():
    a = await step(1)
    b = await step(a)
    return a + b


print(bool(step.__code__.co_flags & 0x100))
c = main()
print(c.send(None))
print(c.send(5))
try:
    c.send(7)
except StopIteration as e:
    print('result', e.value)


def plain():
    yield 1


async def bad():
    await plain()

try:
    bad().send(None)
except TypeError as e:
    print(e)
try:
    types.coroutine(5)
except TypeError as e:
    print(e)
g = step(3)
print(next(g), type(g).__name__)
