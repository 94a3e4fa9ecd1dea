def f():
    try:
        pass
    except ValueError:
        print("no")
    else:
        raise KeyError("from else")
try:
    f()
except KeyError as e:
    print(e)
def g():
    try:
        raise ValueError
    except ValueError:
        return "except"
    finally:
        print("finally runs")
print(g())
def h():
    try:
        return 1
    finally:
        try:
            raise ValueError
        except ValueError:
            print("handled in finally")
print(h())
