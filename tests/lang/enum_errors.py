# enum: errors when defining and changing enums
from enum import Enum

def attempt(label, fn):
    try:
        fn()
        print(label, "ok")
    except (TypeError, ValueError, AttributeError) as e:
        print(label, type(e).__name__ + ":", e)

class Color(Enum):
    RED = 1
    GREEN = 2

def reuse_name():
    class Bad(Enum):
        A = 1
        A = 2

def extend():
    class More(Color):
        BLUE = 3

def delete_member():
    del Color.RED

def instantiate():
    Color()

def bad_value():
    Color(99)

def bad_name():
    Color["PURPLE"]

def set_name():
    Color.RED.name = "x"

for label, fn in [("reuse name", reuse_name), ("extend", extend), ("delete", delete_member),
                  ("instantiate", instantiate), ("bad value", bad_value),
                  ("set name", set_name)]:
    attempt(label, fn)
try:
    bad_name()
except KeyError as e:
    print("bad name KeyError:", e)
