# try/except/else/finally in every combination, handler matching by class and tuple.
def attempt(f):
    log = []
    try:
        log.append("try")
        r = f()
        log.append("after " + repr(r))
    except ZeroDivisionError:
        log.append("zde")
    except (KeyError, IndexError) as e:
        log.append("lookup " + type(e).__name__ + " " + str(e))
    except Exception as e:
        log.append("other " + type(e).__name__)
    else:
        log.append("else")
    finally:
        log.append("finally")
    return log
print(attempt(lambda: 1))
print(attempt(lambda: 1 / 0))
print(attempt(lambda: {}["k"]))
print(attempt(lambda: [][0]))
print(attempt(lambda: int("x")))
try:
    raise ValueError("boom")
except ValueError as e:
    print(type(e).__name__, e, e.args, repr(e), str(e))
try:
    raise KeyError("key")
except LookupError as e:
    print("LookupError caught", repr(e), str(e), e.args)
try:
    raise TypeError
except TypeError as e:
    print(repr(e), str(e) == "", e.args)
try:
    try:
        raise IndexError("inner")
    finally:
        print("inner finally")
except IndexError as e:
    print("outer caught", e)
try:
    pass
except Exception:
    print("never")
else:
    print("else without exception")
e_name = "still defined?"
try:
    raise RuntimeError("x")
except RuntimeError as e_name:
    pass
try:
    print(e_name)
except NameError as ne:
    print("NameError:", ne)
for exc in [ArithmeticError, OverflowError, ZeroDivisionError, IndexError, KeyError, UnboundLocalError,
            RecursionError, NotImplementedError, ModuleNotFoundError, FileNotFoundError, StopIteration, KeyboardInterrupt,
            SystemExit, GeneratorExit, AssertionError, AttributeError, MemoryError, StopAsyncIteration]:
    print(exc.__name__, [c.__name__ for c in exc.__mro__])
print(issubclass(KeyError, LookupError), issubclass(bool, int), isinstance(ValueError("x"), Exception))
print(ValueError("a", 2).args, str(ValueError("a", 2)), repr(KeyError()), str(KeyError("a")), str(KeyError(1, 2)))
print(repr(Exception("x")), repr(Exception()), repr(Exception(1, "b")), str(OSError("m")))
