def f():
    try:
        try:
            raise ValueError("v")
        except ValueError as e:
            print("inner", e)
            raise KeyError("k")
    except KeyError as e:
        print("outer", e, repr(e.__context__))
f()
try:
    try:
        1/0
    except ZeroDivisionError:
        try:
            raise IndexError
        except IndexError:
            print("nested handled")
        print("still in handler")
except Exception:
    print("no")
import sys
try:
    raise ValueError("outer")
except ValueError:
    try:
        raise TypeError("inner")
    except TypeError:
        print(sys.exc_info()[1])
    print(sys.exc_info()[1])
print(sys.exc_info()[0])
