# except*: raising and re-raising in handlers, nested try-except*, __context__, unmatched parts
def run(body):
    try:
        body()
    except BaseException as e:
        print(type(e).__name__, repr(e))
        if isinstance(e, BaseExceptionGroup):
            for x in e.exceptions:
                print("   member", repr(x), "context:", repr(x.__context__))
    else:
        print("no exception")

def reraise_all():
    try:
        raise ExceptionGroup("eg", [ValueError(1), TypeError(2)])
    except* ValueError:
        raise
    except* TypeError:
        raise

def raise_new():
    try:
        raise ExceptionGroup("eg", [ValueError(1), TypeError(2)])
    except* ValueError:
        raise KeyError("new")

def raise_new_in_both():
    try:
        raise ExceptionGroup("eg", [ValueError(1), TypeError(2)])
    except* ValueError:
        raise KeyError("k")
    except* TypeError:
        raise IndexError("i")

def handled_all():
    try:
        raise ExceptionGroup("eg", [ValueError(1), TypeError(2)])
    except* ValueError:
        pass
    except* TypeError:
        pass

def naked_reraise():
    try:
        raise ValueError("naked")
    except* ValueError:
        raise

def naked_new():
    try:
        raise ValueError("naked")
    except* ValueError:
        raise TypeError("replacement")

def nested():
    try:
        raise ExceptionGroup("outer", [ValueError(1), TypeError(2)])
    except* ValueError as outer:
        try:
            raise ExceptionGroup("inner", [KeyError("a")])
        except* KeyError as inner:
            print("inner handler sees", repr(inner), "outer", repr(outer))

def first_match_only():
    try:
        raise ExceptionGroup("eg", [ValueError(1)])
    except* ValueError:
        print("first handler")
    except* ValueError:
        print("second handler: never for the same part")

def raise_group_from_handler():
    try:
        raise ExceptionGroup("eg", [ValueError(1)])
    except* ValueError as e:
        raise ExceptionGroup("replacement", [OSError(1), OSError(2)])

for fn in [reraise_all, raise_new, raise_new_in_both, handled_all, naked_reraise, naked_new,
           nested, first_match_only, raise_group_from_handler]:
    print("--", fn.__name__)
    run(fn)

# a handler body that loops with break and continue is fine
try:
    raise ExceptionGroup("eg", [ValueError(i) for i in range(4)])
except* ValueError as e:
    for x in e.exceptions:
        if x.args[0] == 1:
            continue
        if x.args[0] == 3:
            break
        print("loop saw", x)
