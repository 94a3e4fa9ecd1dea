# Helper module for the import_* tests (not a test itself).
VALUE = 42
print("helper module imported")
def greet(name):
    return "hello " + name
class Thing:
    kind = "thing"
_private = "hidden"
