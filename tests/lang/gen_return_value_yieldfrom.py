def sub(n):
    for i in range(n):
        yield i
    return n * 10
def main():
    a = yield from sub(2)
    b = yield from sub(1)
    return a + b
g = main()
out = []
while True:
    try:
        out.append(next(g))
    except StopIteration as e:
        out.append(("ret", e.value))
        break
print(out)
def deleg():
    v = yield from main()
    yield v
print(list(deleg()))
