# krait-test: no-gc-stress
# Unbounded recursion raises RecursionError (never a crash), can be caught, and the
# interpreter is usable afterwards.
def forever(n):
    return forever(n + 1)
try:
    forever(0)
except RecursionError as e:
    print("RecursionError:", e)
def mutual_a(n):
    return mutual_b(n + 1)
def mutual_b(n):
    return mutual_a(n + 1)
try:
    mutual_a(0)
except RecursionError as e:
    print("RecursionError:", e)
print(isinstance(RecursionError(), RuntimeError))
class Node:
    def __init__(self):
        self.child = None
    def __repr__(self):
        return "Node(" + repr(self.child) + ")"
n = Node()
n.child = n
try:
    repr(n)
except RecursionError as e:
    print("RecursionError:", e)
def deep_then_ok(k):
    try:
        return deep_then_ok(k + 1)
    except RecursionError:
        return k
print(deep_then_ok(0) > 100)
def f(n):
    return n if n == 0 else f(n - 1)
print(f(500))
l = []
for i in range(100000):
    l = [l]
print(len(l))
try:
    repr(l)
except RecursionError as e:
    print("RecursionError:", e)
