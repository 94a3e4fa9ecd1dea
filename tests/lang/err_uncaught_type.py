# Uncaught TypeError from an operator inside nested calls.
def add(a, b):
    return a + b
def total(items):
    s = 0
    for it in items:
        s = add(s, it)
    return s
print(total([1, 2, 3]))
print(total([1, "two", 3]))
