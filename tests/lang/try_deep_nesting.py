def f(n):
    if n == 0:
        raise ValueError("bottom")
    try:
        f(n - 1)
    finally:
        pass
try:
    f(50)
except ValueError as e:
    print(e)
r = []
try:
    try:
        try:
            raise IndexError
        except KeyError:
            r.append(1)
    except IndexError:
        r.append(2)
        raise TypeError
except TypeError:
    r.append(3)
print(r)
