class CM:
    def __enter__(self):
        print("enter")
        return self
    def __exit__(self, *a):
        print("exit", a[0])
def g():
    with CM():
        yield 1
        yield 2
for x in g():
    print(x)
it = g()
print(next(it))
it.close()
print("closed")
