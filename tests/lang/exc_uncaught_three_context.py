try:
    raise ValueError("a")
except ValueError:
    try:
        raise TypeError("b")
    except TypeError:
        raise KeyError("c")
