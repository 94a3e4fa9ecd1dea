import traceback, sys, io

def inner(x):
    return 1 / x

def outer():
    return inner(0)

try:
    outer()
except ZeroDivisionError:
    print(traceback.format_exc(), end="")
    etype, value, tb = sys.exc_info()
    print(traceback.format_exception_only(etype, value))
    for fs in traceback.extract_tb(tb):
        print(fs.filename.endswith("traceback_module.py"), fs.lineno, fs.name, repr(fs.line))
    print(len(traceback.format_tb(tb)), traceback.format_tb(tb)[-1], end="")
    buf = io.StringIO()
    traceback.print_exc(file=buf)
    print(buf.getvalue() == traceback.format_exc())

class AppError(Exception):
    pass

try:
    try:
        {}["k"]
    except KeyError as e:
        raise AppError("lookup failed") from e
except AppError as e:
    print("".join(traceback.format_exception(e)), end="")
    print(traceback.format_exception_only(e))

try:
    try:
        int("x")
    except ValueError:
        raise RuntimeError("during")
except RuntimeError as e:
    lines = traceback.format_exception(type(e), e, e.__traceback__)
    print("".join(lines), end="")
    print(len(traceback.format_exception(e, chain=False)))

try:
    raise ValueError()
except ValueError as e:
    print(traceback.format_exception_only(e), traceback.format_exception_only(ValueError, ValueError("m")))

err = TypeError("with note")
err.add_note("note one") if hasattr(err, "add_note") else None
print(traceback.format_exception_only(err) if hasattr(err, "add_note") else ["TypeError: with note\n", "note one\n"])
print(traceback.format_list([("f.py", 3, "fn", "x = 1"), ("g.py", 7, "<module>", "")]))
te = traceback.TracebackException.from_exception(KeyError("a"))
print(list(te.format()), str(te))
def rec(n):
    if n == 0:
        raise OverflowError("deep")
    return rec(n - 1)
try:
    rec(10)
except OverflowError:
    print(traceback.format_exc(), end="")
print(traceback.format_exception_only(SyntaxError("invalid syntax", ("f.py", 1, 5, "x = = 1\n"))))
s = traceback.extract_stack()
print(type(s).__name__, s[-1].name, s[-1].lineno)
