def f():
    try:
        raise ValueError("orig")
    except ValueError:
        print("handling")
        raise
try:
    f()
except ValueError as e:
    print("re-raised", e)
try:
    raise
except RuntimeError as e:
    print(e)
def g():
    try:
        raise KeyError(1)
    except KeyError:
        try:
            raise ValueError(2)
        except ValueError:
            pass
        raise
try:
    g()
except KeyError as e:
    print("KeyError again", e)
