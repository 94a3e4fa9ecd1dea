def g():
    raise KeyError("k")
def f():
    try:
        g()
    except KeyError as e:
        raise RuntimeError("wrapped") from e
f()
