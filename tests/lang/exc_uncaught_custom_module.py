class MyError(Exception):
    pass
def f():
    raise MyError("custom", 42)
f()
