# The builtins module's functions and exception classes and sys's streams, version_info,
# float_info and implementation are made at their first lookup in krait (issue 15: a light
# new interpreter); each way of reaching them must behave as in CPython.
import builtins
import sys

# a name deleted before its first use stays deleted; a replacement stays
del builtins.abs
try:
    abs(-1)
except NameError as e:
    print('NameError:', e)
print('abs' in dir(builtins), hasattr(builtins, 'abs'))
builtins.abs = lambda x: 'mine'
print(abs(-1))
builtins.divmod = len
print(divmod([1, 2, 3]))

# exceptions raised from C code, by the VM and by scripts
for f in (lambda: [].pop(), lambda: {}['k'], lambda: int('z'), lambda: 1 / 0,
          lambda: b'\xff'.decode(), lambda: ''.index('x'), lambda: undefined_name):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, [k.__name__ for k in type(e).__mro__])
try:
    assert 1 == 2, 'no'
except AssertionError as e:
    print('AssertionError', e)
for code in (2, 13, 17, 21, 999):
    print(code, type(OSError(code, 'x')).__name__)
print(type(BaseExceptionGroup('m', [ValueError(1)])).__name__,
      type(BaseExceptionGroup('m', [KeyboardInterrupt()])).__name__)
print(EnvironmentError is OSError, IOError is OSError, builtins.IOError is OSError)
print(issubclass(ConnectionResetError, OSError), issubclass(TabError, SyntaxError))

# the dict, listed or handed out, holds everything
d = builtins.__dict__
print(d['len'] is len, d['sorted'] is sorted, d['KeyError'] is KeyError)
print(all(n in d for n in ('zip', 'map', 'print', 'ZeroDivisionError', 'ExceptionGroup')))
print(globals()['__builtins__'] is builtins)
ns = {}
exec('from builtins import *', ns)
print(ns['max'] is max, ns['LookupError'] is LookupError)

# sys: a script's own stream before the first print, then the default again
import io
buf = io.StringIO()
sys.stdout = buf
print('captured')
sys.stdout = sys.__stdout__
print(repr(buf.getvalue()), isinstance(sys.stdout, io.TextIOBase))
print(sys.version_info[:2], sys.version_info.major, sys.float_info.dig)
del sys.float_info
print(hasattr(sys, 'float_info'), 'float_info' in dir(sys), 'version_info' in vars(sys))
print(sys.implementation.name in ('cpython', 'krait'))
