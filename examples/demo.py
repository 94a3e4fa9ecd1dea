# demo.py: a first tour of krait's Python. Run it with ./dev.sh demo or build/krait examples/demo.py

def fib(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a

print("krait says hello:", 2**100, 0.1 + 0.2, [x * x for x in range(5)])
print("fib(90) =", fib(90), "and fib(300) has", len(str(fib(300))), "digits")

words = "the quick brown fox jumps over the lazy dog the end".split()
counts = {}
for w in words:
    counts[w] = counts.get(w, 0) + 1
top = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:3]
print("most common:", top)

class Vector:
    def __init__(self, x, y):
        self.x, self.y = x, y

    def __add__(self, other):
        return Vector(self.x + other.x, self.y + other.y)

    def __repr__(self):
        return f"Vector({self.x}, {self.y})"

print(Vector(1, 2) + Vector(3.5, -1))
print(f"{'pi':>6} = {3.14159265:.3f}, {1234567:,} items, {255:#x}")

try:
    {}["missing"]
except KeyError as e:
    print("caught", type(e).__name__, e)

# Arrays with NumPy's names: on the GPU when one is present, else on the CPU backend.
import gpu as np

x = np.linspace(0.0, 1.0, 5, dtype=np.float32)
y = (x * 2 + 1) * x - 1          # one fused kernel on the GPU
print("backend:", np.backend(), "| y =", y, "| sum =", round(float(y.sum()), 4))
m = np.arange(6, dtype=np.float32).reshape(2, 3)
print(m @ m.T)
