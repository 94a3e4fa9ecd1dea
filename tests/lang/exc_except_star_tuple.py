def t(exc):
    try:
        raise exc
    except (KeyError, IndexError) as e:
        return "lookup " + type(e).__name__
    except ArithmeticError:
        return "arith"
    except Exception as e:
        return "other " + type(e).__name__
    else:
        return "else"
for e in (KeyError, IndexError(), ZeroDivisionError, OverflowError("x"), ValueError):
    print(t(e))
print(issubclass(KeyError, LookupError), issubclass(ZeroDivisionError, ArithmeticError))
print(issubclass(ModuleNotFoundError, ImportError), issubclass(RecursionError, RuntimeError))
print(issubclass(NotImplementedError, RuntimeError), issubclass(UnboundLocalError, NameError))
print(issubclass(StopIteration, Exception), issubclass(GeneratorExit, Exception), issubclass(KeyboardInterrupt, BaseException))
print(issubclass(FileNotFoundError, OSError), issubclass(UnicodeDecodeError, ValueError), issubclass(IndentationError, SyntaxError))
try:
    try:
        raise ValueError
    except 5:
        pass
except TypeError as e:
    print(e)
