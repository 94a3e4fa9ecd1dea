def f():
    for i in range(5):
        try:
            if i == 3:
                return i
        finally:
            if i == 3:
                print("finally at 3")
    return -1
print(f())
def g():
    i = 0
    while i < 5:
        i += 1
        try:
            continue
        finally:
            print("fin", i)
    return i
print(g())
def h():
    try:
        for x in range(3):
            try:
                raise ValueError(x)
            except ValueError as e:
                if x == 1:
                    return "ret %s" % e
            finally:
                print("f", x)
    finally:
        print("outer")
print(h())
def brk():
    for i in range(3):
        try:
            try:
                raise KeyError
            finally:
                break
        except KeyError:
            print("not reached")
    return "broke"
print(brk())
