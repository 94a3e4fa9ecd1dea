def g():
    try:
        yield 1
        yield 2
    except ValueError as e:
        print("caught in gen", e)
        yield "recovered"
    yield "last"
it = g()
print(next(it))
print(it.throw(ValueError("boom")))
print(next(it))
try:
    next(it)
except StopIteration:
    print("done")
it = g()
try:
    it.throw(KeyError("early"))
except KeyError as e:
    print("propagated", e)
print(list(it))
it = g()
next(it)
try:
    it.throw(TypeError)
except TypeError as e:
    print("TypeError out", repr(e))
it = g()
next(it)
try:
    it.throw(ValueError, "old-style")
except Exception as e:
    print("x", e)
print(next(it))
