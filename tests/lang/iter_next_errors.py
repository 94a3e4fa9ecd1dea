try:
    next([1])
except TypeError as e:
    print(e)
class A:
    def __next__(self): return 1
print(next(A()))
try:
    iter(A())
except TypeError as e:
    print(e)
try:
    for x in A(): pass
except TypeError as e:
    print(e)
class It:
    def __iter__(self): return self
    def __next__(self): raise ValueError("from next")
try:
    list(It())
except ValueError as e:
    print(e)
