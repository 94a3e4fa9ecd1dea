def g():
    print("never runs")
    yield 1
it = g()
try:
    it.throw(ValueError("x"))
except ValueError as e:
    print("ValueError", e)
print(next(it, "exhausted"))
def h():
    try:
        yield 1
    except ValueError:
        return "handled"
it = h()
next(it)
try:
    it.throw(ValueError)
except StopIteration as e:
    print("stop value", e.value)
try:
    it.throw(ValueError)
except ValueError:
    print("after end raises directly")
