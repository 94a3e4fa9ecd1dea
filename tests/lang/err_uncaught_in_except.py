# An error inside an except block: both tracebacks are printed.
try:
    [][0]
except IndexError:
    {}["k"]
