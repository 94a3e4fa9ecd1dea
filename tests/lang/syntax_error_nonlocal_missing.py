def f():
    def g():
        nonlocal nothere
        nothere = 1
    return g
