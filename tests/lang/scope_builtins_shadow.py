def f():
    len = lambda x: 42
    return len([1])
print(f(), len([1]))
print = print
import builtins
print(builtins.len("ab"))
max = 5
print(max)
del max
print(max(1, 2))
