class CM:
    def __enter__(self): return self
    def __exit__(self, t, v, tb):
        print("exit got", t, repr(v), tb is not None)
        raise KeyError("from exit")
try:
    with CM():
        raise ValueError("body")
except KeyError as e:
    print("caught", repr(e), repr(e.__context__))
class NoExit:
    def __enter__(self): pass
try:
    with NoExit():
        pass
except (TypeError, AttributeError) as e:
    print(type(e).__name__, e)
class NoEnter:
    def __exit__(self, *a): pass
try:
    with NoEnter():
        pass
except (TypeError, AttributeError) as e:
    print(type(e).__name__, e)
