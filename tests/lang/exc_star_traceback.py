# except*: what escapes a try-except* block (a new group of raised + re-raised parts), as printed
def f():
    try:
        raise ExceptionGroup("eg", [ValueError(1), TypeError(2), OSError(3)])
    except* ValueError:
        raise KeyError("from handler")
    except* TypeError as e:
        e.add_note("handled type")
        raise
f()
