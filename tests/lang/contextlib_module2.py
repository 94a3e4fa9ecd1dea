import contextlib
from contextlib import contextmanager, suppress, closing, ExitStack, nullcontext, redirect_stdout
import io


@contextmanager
def tag(name):
    print('<%s>' % name)
    try:
        yield name.upper()
    except ValueError as e:
        print('handled', e)
    finally:
        print('</%s>' % name)


with tag('a') as t:
    print('inside', t)
with tag('b'):
    raise ValueError('boom')
try:
    with tag('c'):
        raise KeyError('k')
except KeyError as e:
    print('escaped', e)
with suppress(ZeroDivisionError, KeyError):
    1 / 0
print('after suppress')


class Res:
    def close(self):
        print('closed')


with closing(Res()):
    print('using')
with ExitStack() as stack:
    for n in ('x', 'y'):
        stack.enter_context(tag(n))
    stack.callback(print, 'callback ran')
    print('in stack')
with nullcontext(5) as v:
    print('null', v)
buf = io.StringIO()
with redirect_stdout(buf):
    print('captured')
print(repr(buf.getvalue()))


@contextmanager
def no_yield():
    if False:
        yield


try:
    with no_yield():
        pass
except RuntimeError as e:
    print('RuntimeError', e)


class CM(contextlib.AbstractContextManager):
    def __exit__(self, *a):
        print('exit', a[0])


with CM() as c:
    print(type(c).__name__)
