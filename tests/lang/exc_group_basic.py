# ExceptionGroup/BaseExceptionGroup: construction, reprs, the type chosen, argument errors
eg = ExceptionGroup("msg", [ValueError(1), TypeError("t"), ExceptionGroup("inner", [KeyError("k"), ValueError(2)])])
print(repr(eg), str(eg), eg.message, eg.exceptions, eg.args)
print(type(eg).__mro__)
print(isinstance(eg, Exception), isinstance(eg, BaseExceptionGroup))
m, r = eg.split(ValueError)
print(repr(m), repr(r))
print(repr(eg.subgroup(lambda e: isinstance(e, KeyError))))
print(repr(eg.subgroup(ValueError)))
print(eg.split(OSError))
b = BaseExceptionGroup("b", [ValueError(1)])
print(type(b).__name__)
b = BaseExceptionGroup("b", [KeyboardInterrupt()])
print(type(b).__name__)
for args in [(), ("m",), (1, [ValueError()]), ("m", []), ("m", [1]), ("m", {ValueError()}), ("m", ValueError())]:
    try:
        ExceptionGroup(*args)
    except Exception as e:
        print(type(e).__name__, e)
try:
    ExceptionGroup("x", [KeyboardInterrupt()])
except TypeError as e:
    print(e)
class MyEG(ExceptionGroup):
    pass
e = MyEG("m", [ValueError(3)])
print(type(e.derive([ValueError(4)])).__name__, type(e.split(ValueError)[0]).__name__)
try:
    eg.split(1)
except TypeError as e:
    print(e)
