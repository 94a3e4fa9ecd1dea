import sys
class CM:
    def __enter__(self): return self
    def __exit__(self, t, v, tb):
        print("exit", t.__name__ if t else None, type(v).__name__, sys.exc_info()[0])
        return True
with CM():
    raise KeyError(1)
print(sys.exc_info())
with CM():
    pass
