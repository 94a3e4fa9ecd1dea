import sys
try:
    raise ValueError("a")
except ValueError:
    t, v, tb = sys.exc_info()
    print(t.__name__, v, tb is not None)
print(sys.exc_info())
e = ValueError("z")
print(e.with_traceback(None) is e)
try:
    raise TypeError("q")
except TypeError as ex:
    print(ex.__traceback__ is not None, type(ex.__traceback__).__name__)
    print(ex.__traceback__.tb_lineno)
