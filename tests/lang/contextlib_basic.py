from contextlib import contextmanager, suppress, closing, nullcontext, ExitStack, redirect_stdout, redirect_stderr, ContextDecorator, AbstractContextManager
import io, sys

@contextmanager
def tag(name):
    print("<" + name + ">")
    try:
        yield name.upper()
    finally:
        print("</" + name + ">")

with tag("p") as t:
    print("inside", t)
try:
    with tag("div"):
        raise ValueError("boom")
except ValueError as e:
    print("propagated", e)

@contextmanager
def swallow():
    try:
        yield
    except KeyError as e:
        print("swallowed", repr(e))
with swallow():
    {}["missing"]
print("after swallow")

@contextmanager
def noyield():
    if False:
        yield
try:
    with noyield():
        pass
except RuntimeError as e:
    print("RuntimeError:", e)

@contextmanager
def twice():
    yield 1
    yield 2
try:
    with twice():
        pass
except RuntimeError as e:
    print("RuntimeError:", e)

@tag("deco")
def decorated(x):
    print("running", x)
    return x * 2
print(decorated(4), decorated(5))

with suppress(ZeroDivisionError, KeyError):
    1 / 0
print("suppressed")
try:
    with suppress(KeyError):
        [][1]
except IndexError:
    print("not suppressed")

class Res:
    def __init__(self, n): self.n = n
    def close(self): print("closing", self.n)
with closing(Res(1)) as r:
    print("using", r.n)
with nullcontext(42) as v:
    print("null", v)
with nullcontext():
    print("null none")

buf = io.StringIO()
with redirect_stdout(buf):
    print("captured line")
    print("two")
print("got", repr(buf.getvalue()))
ebuf = io.StringIO()
with redirect_stderr(ebuf):
    print("to err", file=sys.stderr)
print("err", repr(ebuf.getvalue()))

with ExitStack() as stack:
    for i in range(3):
        stack.enter_context(tag("item%d" % i))
    stack.callback(print, "callback", "args", sep="-")
    print("body")

def cleanup(*exc):
    print("cleanup got", exc[0].__name__ if exc[0] else None)
    return True
with ExitStack() as stack:
    stack.push(cleanup)
    raise KeyError("x")
print("exit stack suppressed")
stack = ExitStack()
stack.callback(print, "deferred")
moved = stack.pop_all()
stack.close()
print("moved?")
moved.close()

class mycontext(ContextDecorator):
    def __enter__(self):
        print("Starting"); return self
    def __exit__(self, *exc):
        print("Finishing"); return False
@mycontext()
def fn():
    print("The bit in the middle")
fn()
class ACM(AbstractContextManager):
    def __exit__(self, *a): print("acm exit")
with ACM() as a:
    print(type(a).__name__)
try:
    with ExitStack() as st:
        st.enter_context(3)
except TypeError as e:
    print("TypeError:", e)
