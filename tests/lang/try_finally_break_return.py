def f():
    while True:
        try:
            return "r"
        finally:
            break
    return "after"
print(f())
def g():
    try:
        try:
            return 1
        finally:
            return 2
    finally:
        print("outer")
print(g())
def h(x):
    try:
        return x
    finally:
        x = 10
print(h(1))
def k():
    l = []
    for i in range(3):
        try:
            if i == 1: raise ValueError
            l.append(i)
        except ValueError:
            continue
        finally:
            l.append("f")
    return l
print(k())
