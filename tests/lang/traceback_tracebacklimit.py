# sys.tracebacklimit: the traceback module's default limit and the uncaught exception's
# printed entries (CPython: the last N; 0 or less prints no traceback at all).
import sys
import traceback


def f(n):
    if n == 0:
        raise ValueError("deep")
    f(n - 1)


def here(n):
    if n == 0:
        return traceback.extract_stack()
    return here(n - 1)


print(hasattr(sys, "tracebacklimit"))
for lim in (None, 100, 3, 1, 0, -2, True):
    if lim is not None:
        sys.tracebacklimit = lim
    print("limit", lim)
    try:
        f(4)
    except ValueError as e:
        traceback.print_exc(file=sys.stdout)
        print(len(traceback.extract_tb(e.__traceback__)), len(traceback.format_exc()) > 0)
        print(len(traceback.TracebackException.from_exception(e).stack))
        print(len(traceback.extract_tb(e.__traceback__, limit=2)))
    print([fs.name for fs in here(3)][-3:])
del sys.tracebacklimit
print(hasattr(sys, "tracebacklimit"))
try:
    f(2)
except ValueError:
    print(len(traceback.format_exc().splitlines()))
sys.tracebacklimit = 2
f(6)
