try:
    try:
        try:
            raise ValueError(1)
        except ValueError:
            raise TypeError(2)
    except TypeError:
        raise KeyError(3)
except KeyError as e:
    c = e
    while c is not None:
        print(repr(c))
        c = c.__context__
def f():
    try:
        raise ValueError("a")
    finally:
        print("finally")
try:
    f()
except ValueError as e:
    print(e.__context__)
try:
    raise ValueError("x")
except ValueError as e:
    try:
        raise e
    except ValueError as e2:
        print(e2 is e, e2.__context__)
