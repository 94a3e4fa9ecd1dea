def g():
    print("start")
    yield 1
    print("middle")
    yield 2
    print("end")
it = g()
print("created")
for x in it:
    print("got", x)
def counter(n):
    i = 0
    while i < n:
        yield i
        i += 1
print(list(counter(4)), list(zip(counter(3), counter(5))))
def fib():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b
f = fib()
print([next(f) for _ in range(10)])
print(list(enumerate(counter(3))))
