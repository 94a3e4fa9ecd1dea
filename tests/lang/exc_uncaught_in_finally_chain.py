def f():
    try:
        raise ValueError("first")
    finally:
        raise TypeError("second")
f()
