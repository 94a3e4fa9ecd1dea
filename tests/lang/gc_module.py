# the gc module: collect, enable/disable/isenabled
import gc

print(gc.isenabled())
gc.disable()
print(gc.isenabled())
gc.enable()
print(gc.isenabled())
print(type(gc.collect()), type(gc.collect(0)), type(gc.collect(generation=2)))
try:
    gc.collect(3)
except ValueError as e:
    print("ValueError", e)
try:
    gc.collect("x")
except TypeError as e:
    print("TypeError")
big = [list(range(100)) for _ in range(1000)]
del big
gc.collect()
print("ok")
