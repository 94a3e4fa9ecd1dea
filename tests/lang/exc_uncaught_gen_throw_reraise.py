def f():
    try:
        yield
    except Exception as e:
        print("gen got", repr(e))
        raise
g = f(); next(g)
g.throw(RuntimeError("x"))
