def f():
    try:
        print("try")
        return "r1"
    finally:
        print("finally")
print(f())
def g():
    try:
        return "try"
    finally:
        return "finally"
print(g())
def h():
    for i in range(3):
        try:
            if i == 1:
                continue
            if i == 2:
                break
            print("body", i)
        finally:
            print("fin", i)
    return "done"
print(h())
def k():
    try:
        raise ValueError
    finally:
        return "swallowed"
print(k())
def m():
    x = []
    while True:
        try:
            try:
                x.append(1)
                break
            finally:
                x.append(2)
        finally:
            x.append(3)
    return x
print(m())
def n():
    for i in range(2):
        try:
            for j in range(2):
                try:
                    return (i, j)
                finally:
                    print("inner fin", i, j)
        finally:
            print("outer fin", i)
print(n())
