try:
    try:
        raise ValueError("inner")
    except ValueError as e:
        raise TypeError("outer") from e
except TypeError as e:
    print(repr(e), repr(e.__cause__), repr(e.__context__), e.__suppress_context__)
try:
    try:
        raise ValueError("inner")
    except ValueError:
        raise TypeError("outer")
except TypeError as e:
    print(repr(e.__cause__), repr(e.__context__), e.__suppress_context__)
try:
    try:
        raise ValueError("inner")
    except ValueError:
        raise TypeError("outer") from None
except TypeError as e:
    print(repr(e.__cause__), repr(e.__context__), e.__suppress_context__)
e = ValueError()
print(e.__cause__, e.__context__, e.__traceback__)
try:
    raise KeyError(1) from ValueError(2)
except KeyError as e:
    print(repr(e.__cause__))
try:
    raise KeyError(1) from 5
except TypeError as e:
    print(e)
try:
    raise 5
except TypeError as e:
    print(e)
