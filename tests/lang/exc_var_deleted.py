try:
    raise ValueError("x")
except ValueError as e:
    pass
try:
    print(e)
except NameError as ex:
    print(ex)
e = 1
try:
    raise KeyError
except KeyError as e:
    pass
print("e" in dir())
def f():
    try:
        raise ValueError
    except ValueError as err:
        pass
    return err
try:
    f()
except UnboundLocalError as ex:
    print(ex)
