def g():
    try:
        raise ValueError("a")
    except ValueError:
        yield 1
        yield 2
import sys
it = g()
print(next(it))
print(sys.exc_info()[0])
print(next(it))
def h():
    try:
        yield
    except Exception as e:
        print("h caught", repr(e), repr(e.__context__))
it = h()
next(it)
try:
    raise KeyError("outer")
except KeyError:
    try:
        it.throw(ValueError("thrown"))
    except StopIteration:
        print("stopped")
