def f(x):
    try:
        r = 10 / x
    except ZeroDivisionError:
        print("zero")
        return "exc"
    else:
        print("else", r)
        return "else"
    finally:
        print("finally")
print(f(2))
print(f(0))
try:
    pass
except:
    print("no")
else:
    print("else ran")
try:
    try:
        raise ValueError
    finally:
        print("inner finally")
except ValueError:
    print("outer caught")
try:
    try:
        raise ValueError("v")
    except KeyError:
        print("wrong")
    finally:
        print("fin")
except ValueError as e:
    print("propagated", e)
