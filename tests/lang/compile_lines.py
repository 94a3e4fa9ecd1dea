# Compiler: line numbers of instructions in multi-line expressions, as tracebacks show them.
def f(a,
      b):
    return a / b
def g():
    x = [
        1,
        f(1,
          0),
    ]
    return x
try:
    g()
except ZeroDivisionError:
    pass
print("x")
d = {}
def h():
    return (d["a"]
            + 1)
def k():
    for i in range(3):
        if i == 2:
            h()
k()
