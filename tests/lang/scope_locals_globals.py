x = 1
def f():
    y = 2
    return sorted(locals().items())
print(f())
print("x" in globals(), globals()["x"])
globals()["dyn"] = 5
print(dyn)
def g(a, b=1):
    c = a + b
    return sorted(locals())
print(g(1))
