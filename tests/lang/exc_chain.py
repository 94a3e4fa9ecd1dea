# Exception chaining: implicit __context__, explicit raise from, from None, and caught chains.
try:
    try:
        1 / 0
    except ZeroDivisionError as e:
        raise ValueError("while handling") from e
except ValueError as e:
    print(repr(e), repr(e.__cause__), repr(e.__context__), e.__suppress_context__)
try:
    try:
        {}["k"]
    except KeyError:
        raise RuntimeError("implicit")
except RuntimeError as e:
    print(repr(e), e.__cause__, repr(e.__context__), e.__suppress_context__)
try:
    try:
        [][1]
    except IndexError:
        raise TypeError("hidden") from None
except TypeError as e:
    print(repr(e), e.__cause__, repr(e.__context__), e.__suppress_context__)
e = ValueError("x")
print(e.__cause__, e.__context__, e.__traceback__ is None)
try:
    raise ValueError("outer") from KeyError("cause")
except ValueError as e:
    print(repr(e.__cause__))
def uncaught_chain():
    try:
        int("not a number")
    except ValueError as e:
        raise LookupError("lookup failed") from e
uncaught_chain()
