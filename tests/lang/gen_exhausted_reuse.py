def g():
    yield 1
it = g()
print(list(it), list(it), next(it, "x"))
try:
    next(it)
except StopIteration as e:
    print("StopIteration", e.args)
def fail():
    yield 1
    raise ValueError("v")
it = fail()
next(it)
try:
    next(it)
except ValueError:
    print("ValueError")
print(next(it, "finished"))
