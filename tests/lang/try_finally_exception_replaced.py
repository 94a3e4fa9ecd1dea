def f():
    try:
        raise ValueError("v")
    finally:
        raise KeyError("k")
try:
    f()
except KeyError as e:
    print(repr(e), repr(e.__context__))
def g():
    for i in range(2):
        try:
            raise ValueError(i)
        finally:
            continue
    return "g done"
print(g())
