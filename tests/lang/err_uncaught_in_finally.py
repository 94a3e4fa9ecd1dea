# An error in a finally block replaces the original one; both are shown.
def f():
    try:
        raise ValueError("original")
    finally:
        None.attr
f()
