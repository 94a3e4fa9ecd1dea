def g():
    try:
        try:
            yield 1
        finally:
            print("inner finally")
        yield 2
    finally:
        print("outer finally")
for x in g():
    print(x)
it = g()
next(it)
it.close()
print("closed")
def h():
    for i in range(3):
        try:
            yield i
        finally:
            print("fin", i)
it = h()
print(next(it), next(it))
it.close()
