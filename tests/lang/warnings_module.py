import warnings

def old_api():
    warnings.warn("old_api is deprecated", DeprecationWarning, stacklevel=2)
    return 1

def helper():
    warnings.warn("helper says hi")

helper()
helper()
old_api()
warnings.warn("a runtime issue", RuntimeWarning)
for i in range(3):
    warnings.warn("in a loop")
warnings.warn(UserWarning("instance warning"))
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    helper()
    helper()
    warnings.warn("future", FutureWarning)
    print(len(w), [str(x.message) for x in w], [x.category.__name__ for x in w], w[0].lineno)
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    warnings.warn("never shown")
with warnings.catch_warnings():
    warnings.simplefilter("error", UserWarning)
    try:
        warnings.warn("now an error")
    except UserWarning as e:
        print("raised:", repr(e))
    warnings.warn("but not this one", RuntimeWarning)
with warnings.catch_warnings(record=True) as w:
    warnings.filterwarnings("ignore", message="spam.*")
    warnings.filterwarnings("always", category=RuntimeWarning)
    warnings.warn("spam and eggs")
    warnings.warn("eggs only")
    warnings.warn("rt", RuntimeWarning)
    warnings.warn("rt", RuntimeWarning)
    print([str(x.message) for x in w])
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("once")
    for i in range(3):
        warnings.warn("once only")
    print(len(w))
print(warnings.formatwarning("msg", UserWarning, "file.py", 12, "x = 1"), end="")
def show(message, category, filename, lineno, file=None, line=None):
    print("custom:", message, category.__name__, lineno)
old = warnings.showwarning
warnings.showwarning = show
warnings.warn("through custom")
warnings.showwarning = old
warnings.warn("pending", PendingDeprecationWarning)
warnings.warn("deprecated in main", DeprecationWarning)
try:
    warnings.simplefilter("bogus")
except AssertionError as e:
    print("AssertionError:", e)
try:
    warnings.warn("x", int)
except TypeError as e:
    print("TypeError:", e)
print("done")
