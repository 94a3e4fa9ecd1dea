class CM:
    def __init__(self, n): self.n = n
    def __enter__(self): return self
    def __exit__(self, *a):
        print("exit", self.n)
def f():
    for i in range(3):
        with CM(i):
            if i == 1:
                return "ret"
            continue
print(f())
def g():
    while True:
        with CM("w"):
            with CM("inner"):
                break
    return "g"
print(g())
def h():
    try:
        with CM("h"):
            return 1
    finally:
        print("finally h")
print(h())
