# Recursion well inside the default limit of 1000, and raising the limit with sys.
import sys
print(sys.getrecursionlimit())
def depth(n):
    return 0 if n == 0 else 1 + depth(n - 1)
print(depth(900))
def sum_list(l, i=0):
    if i == len(l):
        return 0
    return l[i] + sum_list(l, i + 1)
print(sum_list(list(range(800))))
sys.setrecursionlimit(5000)
print(sys.getrecursionlimit(), depth(4500))
def build(n):
    return [] if n == 0 else [build(n - 1)]
x = build(400)
d = 0
while x:
    x = x[0]
    d += 1
print(d)
