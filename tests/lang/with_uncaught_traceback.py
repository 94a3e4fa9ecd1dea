class CM:
    def __enter__(self): return self
    def __exit__(self, *a):
        print("exit called")
with CM():
    raise ValueError("from with body")
