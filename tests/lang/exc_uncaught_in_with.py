class CM:
    def __enter__(self): return self
    def __exit__(self, t, v, tb):
        raise RuntimeError("exit failed")
with CM():
    raise ValueError("body failed")
