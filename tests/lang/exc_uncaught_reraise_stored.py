e = ValueError("stored")
def f(): raise e
try: f()
except ValueError: pass
try: f()
except ValueError as x: print(x.__traceback__ is not None)
f()
