# raise with a class, an instance, bad objects; bare raise with nothing active.
for thing in [ValueError, ValueError("inst"), 42, "string", None, object, type]:
    try:
        raise thing
    except TypeError as e:
        print("TypeError:", e)
    except ValueError as e:
        print("ValueError:", repr(e))
try:
    raise
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    raise ValueError("x") from 5
except TypeError as e:
    print("TypeError:", e)
try:
    raise KeyError from ValueError
except KeyError as e:
    print(repr(e), repr(e.__cause__))
def handler():
    try:
        raise IndexError("first")
    except IndexError:
        try:
            raise KeyError("second")
        except KeyError:
            pass
        raise
try:
    handler()
except IndexError as e:
    print("bare raise re-raised the current one:", e)
