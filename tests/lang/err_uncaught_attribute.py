# Uncaught AttributeError on None, a common mistake.
def find(items, name):
    for it in items:
        if it == name:
            return it
result = find(["a", "b"], "c")
print(result.upper())
